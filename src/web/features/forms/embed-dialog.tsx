import { Check, Copy, ExternalLink } from 'lucide-react';
import type { Form } from '../../../shared/schemas/forms';
import { Button } from '../../components/ui/button';
import { buttonVariants } from '../../components/ui/button-variants';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { useCopy } from '../../lib/use-copy';
import { iframeCode } from './draft';
import { embedPath } from './use-forms';

/** The iframe code for the owner's website; Copy says "Copied!" for 2 s. */
export function EmbedDialog({ form, onClose }: { form: Form | null; onClose: () => void }) {
  const { copied, copy } = useCopy('Please copy the code manually', 'Embed code copied to clipboard!');
  const code = form ? iframeCode(window.location.origin, form.embedToken, form.name) : '';
  const onCopy = () => copy(code);
  return (
    <Dialog open={form !== null} onOpenChange={(o) => !o && onClose()}>
      {form && (
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>Embed {form.name}</DialogTitle>
            <DialogDescription>
              Paste this code into your website where the form should appear. Its short script sizes the frame to the form. Submissions show up as leads.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5">
            <Label htmlFor="embed-code">Embed code</Label>
            <textarea
              id="embed-code"
              readOnly
              rows={7}
              value={code}
              onFocus={(e) => e.currentTarget.select()}
              className="w-full resize-none break-all rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-xs text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            />
          </div>
          {!form.isActive && (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">This form is inactive: visitors will see that it is not accepting submissions.</p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <a href={embedPath(form.embedToken)} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline' })}>
              <ExternalLink aria-hidden="true" />
              Preview
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <Button type="button" onClick={() => void onCopy()}>
              {copied ? <Check /> : <Copy />}
              {copied ? 'Copied!' : 'Copy Code'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
