import { useId, useState } from 'react';
import { formatPhone } from '../../../shared/format';
import { leadEmailInputSchema, leadSmsInputSchema, type Lead } from '../../../shared/schemas/leads';
import { SegmentCounter } from '../../components/sms/segment-counter';
import { Button } from '../../components/ui/button';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { useEmailLead, useTextLead } from './use-leads';

const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'there';

/** Send SMS: non-empty after trimming; the segment counter under the box. */
export function SmsLeadForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const [message, setMessage] = useState(() => `Hi ${firstName(lead.name)}! Thanks for reaching out. `);
  const [error, setError] = useState<string>();
  const send = useTextLead(lead, onDone);
  const id = useId();
  return (
    <DialogContent>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = leadSmsInputSchema.safeParse({ message });
          if (!parsed.success) return setError(parsed.error.issues[0].message);
          send.mutate(parsed.data.message);
        }}
      >
        <DialogHeader>
          <DialogTitle>Send SMS</DialogTitle>
          <DialogDescription>
            A text to {lead.name} at {formatPhone(lead.phone)} from your business number.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor={id}>Message</Label>
          <Textarea
            id={id}
            rows={5}
            value={message}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error ${id}-count` : `${id}-count`}
            onChange={(e) => {
              setMessage(e.target.value);
              setError(undefined);
            }}
          />
          <SegmentCounter id={`${id}-count`} text={message} />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending || !message.trim()}>
            {send.isPending ? 'Sending...' : 'Send SMS'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** Send Email: subject and message both non-empty after trimming. */
export function EmailLeadForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const [form, setForm] = useState({ subject: '', message: `Hi ${firstName(lead.name)},\n\n` });
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});
  const send = useEmailLead(lead, onDone);
  const id = useId();
  const set = (key: 'subject' | 'message') => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };
  return (
    <DialogContent>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = leadEmailInputSchema.safeParse(form);
          if (!parsed.success) {
            const next: { subject?: string; message?: string } = {};
            for (const issue of parsed.error.issues) next[issue.path[0] as 'subject' | 'message'] ??= issue.message;
            return setErrors(next);
          }
          send.mutate(parsed.data);
        }}
      >
        <DialogHeader>
          <DialogTitle>Send Email</DialogTitle>
          <DialogDescription>
            An email to {lead.name} at {lead.email}. Replies come to your business email.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-subject`}>Subject</Label>
          <Input id={`${id}-subject`} value={form.subject} onChange={set('subject')} aria-invalid={!!errors.subject} aria-describedby={errors.subject ? `${id}-subject-error` : undefined} />
          <FieldError id={`${id}-subject-error`} message={errors.subject} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-message`}>Message</Label>
          <Textarea id={`${id}-message`} rows={7} value={form.message} onChange={set('message')} aria-invalid={!!errors.message} aria-describedby={errors.message ? `${id}-message-error` : undefined} />
          <FieldError id={`${id}-message-error`} message={errors.message} />
        </div>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending || !form.subject.trim() || !form.message.trim()}>
            {send.isPending ? 'Sending...' : 'Send Email'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
