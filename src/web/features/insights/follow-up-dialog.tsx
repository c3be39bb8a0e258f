import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { sendSmsSchema } from '../../../shared/schemas/sms';
import type { OverdueClient } from '../../../shared/schemas/insights';
import { SegmentCounter } from '../../components/sms/segment-counter';
import { SendTimeNote } from '../../components/sms/send-time-note';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { useFollowUpText, useSendFollowUp } from './use-insights';
import { plural } from '../../../shared/format';
import { ItemDialog } from '../../components/item-dialog';
import { FormActions } from '../../components/form-actions';
import { KeptDraftNote } from '../../components/kept-draft-note';
import { keptText, textToKeep, useKeepDraftOnSessionEnd, useKeptDraft } from '../../lib/kept-drafts';

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
  const draftKey = `follow-up:client:${client.id}`;
  const kept = useKeptDraft(draftKey, keptText);
  const form = useForm({ resolver: zodResolver(sendSmsSchema), defaultValues: { clientId: client.id, messageType: 'followUp' as const, messageContent: kept ?? initial } });
  const message = form.watch('messageContent');
  useKeepDraftOnSessionEnd(draftKey, () => textToKeep(form.getValues('messageContent')));
  const send = useSendFollowUp(onClose);
  const fieldId = useId();
  // An empty message is the spec's "Invalid input" toast; a message over the limit names the limit.
  const refused = (errors: typeof form.formState.errors) =>
    toast({
      title: 'Invalid input',
      description: message.trim() ? (errors.messageContent?.message ?? 'Please ensure all fields are filled out.') : 'Please ensure all fields are filled out.',
      variant: 'destructive',
    });
  return (
    <DialogContent>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => send.mutate({ clientId: client.id, messageContent: v.messageContent }), refused)}>
        <DialogHeader>
          <DialogTitle>Send Follow-up</DialogTitle>
          <DialogDescription>
            {client.name} usually books every {plural(client.avgTimeBetweenBookings, 'day')} and last booked {plural(client.daysSinceLastBooking, 'day')} ago.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor={fieldId}>Message</Label>
          <Textarea id={fieldId} rows={5} aria-describedby={`${fieldId}-count ${fieldId}-hint`} {...form.register('messageContent')} />
          <SegmentCounter id={`${fieldId}-count`} text={message} />
          <p id={`${fieldId}-hint`} className="text-xs text-slate-500">
            {'{clientName}'} and {'{businessName}'} are filled in when the text is sent.
          </p>
          {kept && <KeptDraftNote />}
        </div>
        <SendTimeNote clientId={client.id} />
        <FormActions onCancel={onClose} pending={send.isPending} submitLabel="Send SMS" pendingLabel="Sending..." />
      </form>
    </DialogContent>
  );
}
