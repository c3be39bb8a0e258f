import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { Skeleton } from './ui/skeleton';
import { useCopy } from '../lib/use-copy';

export function WebhookUrlField({ url, loading }: { url: string | undefined; loading: boolean }) {
  const { copied, copy } = useCopy();
  const id = useId();

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Your webhook URL</Label>
      {loading ? (
        <Skeleton className="h-10 w-full" />
      ) : (
        <div className="flex gap-2">
          <Input id={id} readOnly value={url ?? ''} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
          <Button variant="outline" onClick={() => copy(url ?? '')} disabled={!url} className="sm:w-28">
            {copied ? <Check className="text-green-600" /> : <Copy />}
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </div>
      )}
    </div>
  );
}
