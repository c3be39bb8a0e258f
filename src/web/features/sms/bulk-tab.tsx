import { Loader2, Phone, Send, Users } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { formatPhone } from '../../../shared/format';
import { EmptyState } from '../../components/empty-state';
import { KeptDraftNote } from '../../components/kept-draft-note';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { FieldError, Label } from '../../components/ui/label';
import { ToastAction } from '../../components/ui/toast';
import { toast } from '../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../lib/api';
import { BULK_NO_CLIENTS, BULK_NO_MESSAGE } from '../../../shared/schemas/sms-bulk';
import { unsetSettingsValues } from '../../../shared/sms-template';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import { canMarket, TextingMarks } from '../../components/sms/texting-marks';
import { BulkPreview } from './bulk-preview';
import { currentNumber, onlyHeld, retryableIds } from './bulk-batch';
import { BulkResult } from './bulk-result';
import { SegmentCounter } from './segment-counter';
import { useBulkSend } from './use-bulk-send';
import { useClientsForBulk, useOutreachSettings, useTemplates } from './use-sms';

const QUICK_TEMPLATES = 3;

interface BulkTabProps {
  hasNumber: boolean;
  draft: string;
  /** The draft is the text kept when the session ended. */
  draftKept: boolean;
  onDraftChange: (text: string) => void;
  onChooseNumber: () => void;
}

export function BulkTab({ hasNumber, draft: message, draftKept, onDraftChange: setMessage, onChooseNumber }: BulkTabProps) {
  const clients = useClientsForBulk();
  const templates = useTemplates();
  const settings = useOutreachSettings();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const bulk = useBulkSend({
    // The clients whose text failed stay selected, for another try.
    onFinished: (batch) => setSelected(new Set(retryableIds(batch))),
  });
  const [error, setError] = useState<string>();
  // What the last Send did, in the server's words, shown beside the button while the selection and message are
  // the ones it sent (the batch's progress is above the form, off-screen on a phone).
  const [answer, setAnswer] = useState<{ sent: string; text: string }>();
  const id = useId();

  const all = useMemo(() => clients.data ?? [], [clients.data]);
  // Only clients a marketing text may reach: a phone, not opted out, not a landline, a basis to text.
  const withPhone = useMemo(() => all.filter((c) => c.phone && canMarket(c.texting)), [all]);
  const chosen = withPhone.filter((c) => selected.has(c.id));
  // The preview shows exactly what one chosen recipient will get; the owner picks which.
  const [previewId, setPreviewId] = useState<number>();
  const previewFor = chosen.find((c) => c.id === previewId) ?? chosen[0] ?? withPhone[0];
  const allSelected = withPhone.length > 0 && chosen.length === withPhone.length;
  // One send at a time while texts are going out; a batch that only waits for quiet hours doesn't block the next.
  const going = bulk.batch != null && !bulk.batch.finished && !onlyHeld(bulk.batch);
  const busy = bulk.posting || going;
  // A Settings value the message needs and has none: the server would refuse the send, so Send waits for it.
  const unset = settings.data && message.trim() ? unsetSettingsValues(message.trim(), settings.data) : [];
  const sending = `${chosen.map((c) => c.id).join(',')}|${message.trim()}`;

  if (!hasNumber)
    return (
      <EmptyState
        icon={Phone}
        title="Choose your business SMS number"
        text="Texts go out from your business number. Choose one to send messages to your clients."
        action={<Button onClick={onChooseNumber}>Choose your business SMS number</Button>}
      />
    );

  const toggle = (clientId: number, on: boolean) => {
    setError(undefined);
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(clientId);
      else next.delete(clientId);
      return next;
    });
  };

  const submit = async () => {
    if (chosen.length === 0) return setError(BULK_NO_CLIENTS);
    if (!message.trim()) return setError(BULK_NO_MESSAGE);
    setAnswer(undefined);
    try {
      const res = await bulk.send(
        chosen.map((c) => c.id),
        message.trim(),
      );
      if (res) setAnswer({ sent: sending, text: res.message });
    } catch (e) {
      const said = e instanceof ApiError && e.status < 500 ? e.serverMessage : undefined;
      setError(said);
      const noNumber = e instanceof ApiError && e.status === 409 && /no SMS number/i.test(said ?? '');
      toast({
        title: 'Failed to send messages',
        description: errorMessage(e, 'Nothing was sent. Please try again.'),
        variant: 'destructive',
        action: noNumber ? (
          <ToastAction altText="Set up SMS" onClick={onChooseNumber}>
            Set up SMS
          </ToastAction>
        ) : undefined,
      });
    }
  };

  return (
    <div className="space-y-6">
      {bulk.batch && <BulkResult batch={bulk.batch} onDismiss={bulk.dismiss} />}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
            <div>
              <CardTitle>Recipients</CardTitle>
              <CardDescription>
                {chosen.length} of {withPhone.length} selected · only clients with a phone number who can get marketing texts can be selected
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            {clients.isPending ? (
              <div className="space-y-2">
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-10 w-full" />
              </div>
            ) : clients.isError ? (
              <p role="alert" className="text-sm text-red-600">
                Clients could not be loaded. Please try refreshing the page.
              </p>
            ) : all.length === 0 ? (
              <EmptyState icon={Users} title="No clients yet" text="Upload your client list to text them." className="py-8" />
            ) : (
              <div className="space-y-2">
                <div className="flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2">
                  <Checkbox
                    id={`${id}-all`}
                    checked={allSelected ? true : chosen.length > 0 ? 'indeterminate' : false}
                    disabled={withPhone.length === 0 || busy}
                    onCheckedChange={(v) => {
                      setError(undefined);
                      setSelected(v === true ? new Set(withPhone.map((c) => c.id)) : new Set());
                    }}
                  />
                  <Label htmlFor={`${id}-all`} className="font-semibold">
                    Select All
                  </Label>
                </div>
                <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto" data-testid="bulk-clients">
                  {all.map((c) => {
                    const boxId = `${id}-c${c.id}`;
                    return (
                      <li key={c.id} className="flex items-center gap-3 px-3 py-2">
                        <Checkbox
                          id={boxId}
                          checked={selected.has(c.id)}
                          disabled={!c.phone || !canMarket(c.texting) || busy}
                          onCheckedChange={(v) => toggle(c.id, v === true)}
                        />
                        <Label htmlFor={boxId} className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-3 font-normal">
                          <span className="flex min-w-0 flex-wrap items-center gap-1.5">
                            <span className="truncate text-slate-900">{c.name}</span>
                            {c.phone && <TextingMarks texting={c.texting} showBasis />}
                          </span>
                          <span className="text-xs text-slate-500 tabular">{c.phone ? formatPhone(c.phone) : 'No phone number'}</span>
                        </Label>
                      </li>
                    );
                  })}
                </ul>
              </div>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Message</CardTitle>
            <CardDescription>Each selected client gets their own text from your business number.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {(templates.data?.length ?? 0) > 0 && (
              <div className="space-y-1.5">
                <p className="text-sm font-medium text-slate-700">Quick templates</p>
                <div className="flex flex-wrap gap-2">
                  {templates.data!.slice(0, QUICK_TEMPLATES).map((t) => (
                    <Button key={t.id} size="sm" variant="outline" onClick={() => setMessage(t.content)} disabled={busy}>
                      {t.name}
                    </Button>
                  ))}
                </div>
              </div>
            )}
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-msg`}>Message</Label>
              <Textarea
                id={`${id}-msg`}
                rows={5}
                value={message}
                disabled={busy}
                placeholder="Hi {clientName}! ..."
                aria-describedby={`${id}-count`}
                onChange={(e) => {
                  setMessage(e.target.value);
                  setError(undefined);
                }}
              />
              <SegmentCounter id={`${id}-count`} text={message} />
              {draftKept && <KeptDraftNote />}
            </div>
            {message.trim() && chosen.length > 1 && (
              <div className="flex flex-wrap items-center gap-2">
                <Label htmlFor={`${id}-preview-for`} className="text-sm font-medium text-slate-700">
                  Preview for
                </Label>
                <select
                  id={`${id}-preview-for`}
                  className="h-9 max-w-full rounded-md border border-slate-200 bg-white px-2 text-sm"
                  value={previewFor?.id}
                  onChange={(e) => setPreviewId(Number(e.target.value))}
                >
                  {chosen.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {message.trim() && <BulkPreview message={message} client={previewFor} unset={unset} unsetId={`${id}-unset`} />}
            <FieldError message={error} />
            <Button
              className="w-full sm:w-auto"
              disabled={busy || chosen.length === 0 || !message.trim() || unset.length > 0}
              aria-describedby={unset.length > 0 ? `${id}-unset` : undefined}
              onClick={() => void submit()}
            >
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
              {busy
                ? bulk.batch && !bulk.batch.finished
                  ? `Sending ${currentNumber(bulk.batch)} of ${bulk.batch.total}...`
                  : 'Sending...'
                : chosen.length === 0
                  ? 'Send'
                  : `Send to ${chosen.length} ${chosen.length === 1 ? 'client' : 'clients'}`}
            </Button>
            {answer?.sent === sending && (
              <p role="status" className="text-sm text-slate-600" data-testid="bulk-send-answer">
                {answer.text}
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
