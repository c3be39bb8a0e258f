import { useId, useState } from 'react';
import { sendThanksSchema } from '../../../shared/schemas/clients';
import { countSegments } from '../../../shared/sms-segments';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FieldError, Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { defaultThanksMessage } from './thanks-message';
import type { Client } from './types';
import { useSendThanks } from './use-client-mutations';


export function ThanksDialog({ client, onClose }: { client: Client | null; onClose: () => void }) {
  return (
    <Dialog open={client !== null} onOpenChange={(open) => !open && onClose()}>
      {/* Keyed by client so the message box is prefilled afresh for each one. */}
      {client && <ThanksForm key={client.id} client={client} onClose={onClose} />}
    </Dialog>
  );
}

function ThanksForm({ client, onClose }: { client: Client; onClose: () => void }) {
  const [message, setMessage] = useState(() => defaultThanksMessage(client.name));
  const [error, setError] = useState<string>();
  const send = useSendThanks(onClose);
  const fieldId = useId();

  return (
    <DialogContent>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = sendThanksSchema.safeParse({ clientId: client.id, message });
          if (!parsed.success) return setError(parsed.error.issues[0].message);
          send.mutate(parsed.data);
        }}
      >
        <DialogHeader>
          <DialogTitle>Send Thank You</DialogTitle>
          <DialogDescription>A personal thank-you to {client.name}.</DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor={fieldId}>Message</Label>
          <Textarea
            id={fieldId}
            rows={5}
            value={message}
            aria-invalid={!!error}
            aria-describedby={error ? `${fieldId}-error ${fieldId}-count` : `${fieldId}-count`}
            onChange={(e) => {
              setMessage(e.target.value);
              setError(undefined);
            }}
          />
          <SegmentCount id={`${fieldId}-count`} text={message} />
          <FieldError id={`${fieldId}-error`} message={error} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending || !message.trim()}>
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** Sent as a text: its length and how many SMS segments it takes (GSM-7 160/153, otherwise 70/67). */
function SegmentCount({ id, text }: { id: string; text: string }) {
  const { segments, encoding } = countSegments(text.trim());
  return (
    <p id={id} className="text-xs text-slate-500 tabular" data-testid="sms-counter">
      {text.trim().length} characters · {segments} {segments === 1 ? 'segment' : 'segments'}
      {encoding === 'UCS-2' && ' (special characters: 70 per segment)'}
    </p>
  );
}
