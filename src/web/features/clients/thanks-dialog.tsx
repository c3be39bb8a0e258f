import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { sendThanksSchema } from '../../../shared/schemas/clients';
import { countSegments } from '../../../shared/sms-segments';
import { FormActions } from '../../components/form-actions';
import { MessageField } from '../../components/form-field';
import { SendTimeNote } from '../../components/sms/send-time-note';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { defaultThanksMessage } from './thanks-message';
import type { Client } from './types';
import { useSendThanks } from './use-client-mutations';
import { ItemDialog } from '../../components/item-dialog';
import { KeptDraftNote } from '../../components/kept-draft-note';
import { keptText, textToKeep, useKeepDraftOnSessionEnd, useKeptDraft } from '../../lib/kept-drafts';
import { useSending } from '../../lib/use-sending';


export const ThanksDialog = ({ client, onClose }: { client: Client | null; onClose: () => void }) => (
  <ItemDialog item={client} onClose={onClose}>{(item) => <ThanksForm client={item} onClose={onClose} />}</ItemDialog>
);

function ThanksForm({ client, onClose }: { client: Client; onClose: () => void }) {
  const draftKey = `thanks:client:${client.id}`;
  const kept = useKeptDraft(draftKey, keptText);
  const form = useForm({ resolver: zodResolver(sendThanksSchema), defaultValues: { clientId: client.id, message: kept ?? defaultThanksMessage(client.name) } });
  const message = form.watch('message');
  useKeepDraftOnSessionEnd(draftKey, () => textToKeep(form.getValues('message')));
  const error = form.formState.errors.message?.message;
  const send = useSending(useSendThanks(onClose).mutateAsync);
  const fieldId = useId();

  return (
    <DialogContent>
      <form className="grid gap-4" onSubmit={form.handleSubmit(send.send)}>
        <DialogHeader>
          <DialogTitle>Send Thank You</DialogTitle>
          <DialogDescription>A personal thank-you to {client.name}.</DialogDescription>
        </DialogHeader>
        <MessageField id={fieldId} error={error} counter={(id) => <SegmentCount id={id} text={message} />} {...form.register('message')} />
        {kept && <KeptDraftNote />}
        <SendTimeNote clientId={client.id} />
        <FormActions onCancel={onClose} pending={send.sending} canSubmit={Boolean(message.trim())} submitLabel="Send Message" pendingLabel="Sending..." />
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
