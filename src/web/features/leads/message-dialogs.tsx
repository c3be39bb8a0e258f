import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatPhone } from '../../../shared/format';
import { leadEmailInputSchema, leadSmsInputSchema, type Lead } from '../../../shared/schemas/leads';
import { FormActions } from '../../components/form-actions';
import { FormField, MessageField, TextareaField } from '../../components/form-field';
import { SegmentCounter } from '../../components/sms/segment-counter';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { KeptDraftNote } from '../../components/kept-draft-note';
import { keptText, textToKeep, useKeepDraftOnSessionEnd, useKeptDraft } from '../../lib/kept-drafts';
import { useEmailLead, useTextLead } from './use-leads';
import { useSending } from '../../lib/use-sending';

const emailDraft = z.object({ subject: z.string(), message: z.string() });

const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'there';

/** Send SMS: non-empty after trimming; the segment counter under the box. */
export function SmsLeadForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const draftKey = `sms:lead:${lead.id}`;
  const kept = useKeptDraft(draftKey, keptText);
  const form = useForm({ resolver: zodResolver(leadSmsInputSchema), defaultValues: { message: kept ?? `Hi ${firstName(lead.name)}! Thanks for reaching out. ` } });
  const message = form.watch('message');
  useKeepDraftOnSessionEnd(draftKey, () => textToKeep(form.getValues('message')));
  const error = form.formState.errors.message?.message;
  const send = useSending(useTextLead(lead, onDone).mutateAsync);
  const id = useId();
  return (
    <DialogContent>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((sms) => send.send(sms.message))}>
        <DialogHeader>
          <DialogTitle>Send SMS</DialogTitle>
          <DialogDescription>
            A text to {lead.name} at {formatPhone(lead.phone)} from your business number.
          </DialogDescription>
        </DialogHeader>
        <MessageField id={id} error={error} counter={(counterId) => <SegmentCounter id={counterId} text={message} />} {...form.register('message')} />
        {kept && <KeptDraftNote />}
        <FormActions onCancel={onDone} pending={send.sending} canSubmit={Boolean(message.trim())} submitLabel="Send SMS" pendingLabel="Sending..." />
      </form>
    </DialogContent>
  );
}

/** Send Email: subject and message both non-empty after trimming. */
export function EmailLeadForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const draftKey = `email:lead:${lead.id}`;
  const kept = useKeptDraft(draftKey, emailDraft);
  const form = useForm({ resolver: zodResolver(leadEmailInputSchema), defaultValues: kept ?? { subject: '', message: `Hi ${firstName(lead.name)},\n\n` } });
  const [subject, message] = form.watch(['subject', 'message']);
  useKeepDraftOnSessionEnd(draftKey, () => {
    const values = form.getValues();
    return values.subject.trim() || values.message.trim() ? { subject: values.subject, message: values.message } : null;
  });
  const { errors } = form.formState;
  const send = useEmailLead(lead, onDone);
  const id = useId();
  return (
    <DialogContent>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((email) => send.mutate(email))}>
        <DialogHeader>
          <DialogTitle>Send Email</DialogTitle>
          <DialogDescription>
            An email to {lead.name} at {lead.email}. Replies come to your business email.
          </DialogDescription>
        </DialogHeader>
        <FormField id={`${id}-subject`} label="Subject" error={errors.subject?.message} {...form.register('subject')} />
        <TextareaField id={`${id}-message`} label="Message" rows={7} error={errors.message?.message} {...form.register('message')} />
        {kept && <KeptDraftNote />}
        <FormActions
          onCancel={onDone}
          pending={send.isPending}
          canSubmit={Boolean(subject.trim() && message.trim())}
          submitLabel="Send Email"
          pendingLabel="Sending..."
        />
      </form>
    </DialogContent>
  );
}
