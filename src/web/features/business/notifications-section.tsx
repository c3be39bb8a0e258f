import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { formatPhone } from '../../../shared/format';
import {
  NOTIFICATIONS_SAVED,
  NOTIFY_EMAIL_CHOICES,
  NOTIFY_EMAIL_LABELS,
  notificationsSavedText,
  type NotifyEmail,
} from '../../../shared/schemas/notifications';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { apiQuery } from '../../lib/api-query';
import { describedBy, FormRow } from './form-row';
import { NotSet, ReadOnlyField, SectionCard } from './section-card';

const FORM_ID = 'settings-notifications-form';

/**
 * Notifications (docs/settings.md): how the owner hears about new leads, referral claims and texts — an e-mail for
 * each, a daily digest or none — and a text to their own phone for each.
 */
export function NotificationsSection() {
  const qc = useQueryClient();
  const saved = useQuery(apiQuery('GET /api/business/notifications'));
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState<NotifyEmail>('each');
  const [phone, setPhone] = useState('');
  const save = useMutation({
    mutationFn: (body: { email: NotifyEmail; phone: string }) => callApi('PUT /api/business/notifications', { body }),
    onSuccess: (reply) => {
      qc.setQueryData(apiQuery('GET /api/business/notifications').queryKey, reply);
      setEditing(false);
      toast({ title: NOTIFICATIONS_SAVED, description: notificationsSavedText(reply, formatPhone) });
    },
    onError: (err) => toast({ title: 'Save Failed', description: errorMessage(err, 'Failed to save notification settings'), variant: 'destructive' }),
  });
  const start = () => {
    setEmail(saved.data?.email ?? 'each');
    setPhone(saved.data?.phone ? formatPhone(saved.data.phone) : '');
    setEditing(true);
  };
  return (
    <SectionCard
      title="Notifications"
      description="How you hear about new leads, referral claims and texts from clients and leads."
      icon={Bell}
      edit={{ editing, saving: save.isPending, formId: FORM_ID, onEdit: start, onCancel: () => setEditing(false), label: 'Notifications' }}
    >
      {editing ? (
        <form
          id={FORM_ID}
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ email, phone: phone.trim() });
          }}
        >
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">Email me</legend>
            {NOTIFY_EMAIL_CHOICES.map((choice) => (
              <label key={choice} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="radio" name="notify-email" value={choice} checked={email === choice} onChange={() => setEmail(choice)} />
                {NOTIFY_EMAIL_LABELS[choice]}
              </label>
            ))}
          </fieldset>
          <FormRow id="notify-phone" label="Text me at" hint="Your own mobile number, for a text about each one. Leave it empty for no texts.">
            <Input id="notify-phone" type="tel" inputMode="tel" placeholder="(512) 555-0199" value={phone} onChange={(e) => setPhone(e.target.value)} {...describedBy('notify-phone', undefined, true)} />
          </FormRow>
        </form>
      ) : (
        <dl>
          <ReadOnlyField label="Email me">
            <span data-testid="notify-email">{saved.data ? NOTIFY_EMAIL_LABELS[saved.data.email] : '…'}</span>
          </ReadOnlyField>
          <ReadOnlyField label="Text me at">{saved.data?.phone ? <span data-testid="notify-phone">{formatPhone(saved.data.phone)}</span> : <NotSet />}</ReadOnlyField>
        </dl>
      )}
    </SectionCard>
  );
}
