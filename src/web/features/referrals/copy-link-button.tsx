import { Check, Copy } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useCopy } from '../../lib/use-copy';

/** Copies a link; says "Copied!" for the spec's 2 s, or the copy-failure toast. */
export function CopyLinkButton({ value, label }: { value: string; label: string }) {
  const { copied, copy } = useCopy();
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => copy(value)} aria-label={copied ? `${label}: Copied!` : label} className="shrink-0">
      {copied ? <Check className="text-green-600" /> : <Copy />}
      {copied ? 'Copied!' : 'Copy'}
    </Button>
  );
}
