import { useId, useState } from 'react';
import type { OverdueClient } from '../../../shared/schemas/insights';
import { SegmentCounter } from '../../components/sms/segment-counter';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { useFollowUpText, useSendFollowUp } from './use-insights';
import { plural } from '../../../shared/format';
import { ItemDialog } from '../../components/item-dialog';
import { FormActions } from '../../components/form-actions';

export const FollowUpDialog = ({ client, onClose }: { client: OverdueClient | null; onClose: () => void }) => (
  <ItemDialog item={client} onClose={onClose}>{(item) => <FollowUpLoader client={item} onClose={onClose} />}</ItemDialog>
);

function FollowUpLoader({ client, onClose }: { client: OverdueClient; onClose: () => void }) {
  const { text, loading } = useFollowUpText();
  // Prefilled once the business's template is known, so the box never changes under the owner's typing.
  if (loading) {
    return (
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send Follow-up</DialogTitle>
          <DialogDescription>Loading your follow-up message...</DialogDescription>
        </DialogHeader>
      </DialogContent>
    );
  }
  return <FollowUpForm client={client} initial={text} onClose={onClose} />;
}

function FollowUpForm({ client, initial, onClose }: { client: OverdueClient; initial: string; onClose: () => void }) {
  const [message, setMessage] = useState(initial);
  const send = useSendFollowUp(onClose);
  const fieldId = useId();
  return (
    <DialogContent>
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!message.trim()) {
            toast({ title: 'Invalid input', description: 'Please ensure all fields are filled out.', variant: 'destructive' });
            return;
          }
          send.mutate({ clientId: client.id, messageContent: message.trim() });
        }}
      >
        <DialogHeader>
          <DialogTitle>Send Follow-up</DialogTitle>
          <DialogDescription>
            {client.name} usually books every {plural(client.avgTimeBetweenBookings, 'day')} and last booked {plural(client.daysSinceLastBooking, 'day')} ago.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor={fieldId}>Message</Label>
          <Textarea id={fieldId} rows={5} value={message} aria-describedby={`${fieldId}-count ${fieldId}-hint`} onChange={(e) => setMessage(e.target.value)} />
          <SegmentCounter id={`${fieldId}-count`} text={message} />
          <p id={`${fieldId}-hint`} className="text-xs text-slate-500">
            {'{clientName}'} and {'{businessName}'} are filled in when the text is sent.
          </p>
        </div>
        <FormActions onCancel={onClose} pending={send.isPending} submitLabel="Send SMS" pendingLabel="Sending..." />
      </form>
    </DialogContent>
  );
}
