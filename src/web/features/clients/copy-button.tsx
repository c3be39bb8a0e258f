import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { COPY_CONFIRM_MS } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';

/** Copies a value; says "Copied!" for the spec's 2 s, or the spec's copy-failure toast. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast({ title: 'Failed to copy', description: 'Please copy the URL manually', variant: 'destructive' });
    }
  };

  return (
    <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={copied ? `${label} copied` : label} className="shrink-0">
      {copied ? <Check className="text-green-600" /> : <Copy />}
      {copied ? 'Copied!' : 'Copy'}
    </Button>
  );
}
