import { useEffect, useState } from 'react';
import { COPY_CONFIRM_MS } from '../../shared/constants';
import { toast } from '../components/ui/use-toast';

/** Copies text to the clipboard; `copied` stays true for the spec's 2 s, a failure shows the spec's toast. */
export function useCopy(manually = 'Please copy the URL manually', copiedToast?: string) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      if (copiedToast) toast({ title: copiedToast });
    } catch {
      toast({ title: 'Failed to copy', description: manually, variant: 'destructive' });
    }
  };
  return { copied, copy };
}
