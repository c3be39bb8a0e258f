import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { COPY_CONFIRM_MS } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';

export function WebhookUrlField({ url, loading }: { url: string | undefined; loading: boolean }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url ?? '');
      setCopied(true);
    } catch {
      toast({ title: 'Failed to copy', description: 'Please copy the URL manually', variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Your webhook URL</Label>
      {loading ? (
        <Skeleton className="h-10 w-full" />
      ) : (
        <div className="flex gap-2">
          <Input id={id} readOnly value={url ?? ''} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
          <Button variant="outline" onClick={copy} disabled={!url} className="sm:w-28">
            {copied ? <Check className="text-green-600" /> : <Copy />}
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </div>
      )}
    </div>
  );
}
