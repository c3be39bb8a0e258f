import { History, MessagesSquare, Send, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { BulkTab } from './bulk-tab';
import { ConversationsTab } from './conversations-tab';
import { HistoryTab } from './history-tab';
import { SetupTab } from './setup-tab';
import { SmsHeader } from './sms-header';
import type { SmsTab } from './types';
import { useSmsUsage } from './use-sms';
import { DeliveryBanner } from '../../components/delivery-banner';
import { useRegistration } from './use-registration';
import { keptText, textToKeep, useKeepDraftOnSessionEnd, useKeptDraft } from '../../lib/kept-drafts';

const BULK_DRAFT = 'bulk';

const TABS: { value: SmsTab; label: string; icon: typeof Send }[] = [
  { value: 'setup', label: 'Setup', icon: Settings2 },
  { value: 'conversations', label: 'Conversations', icon: MessagesSquare },
  { value: 'bulk', label: 'Bulk Messaging', icon: Send },
  { value: 'history', label: 'Message History', icon: History },
];

/** The business's SMS number: selectedPhoneNumber, or the older twilioPhoneNumber (spec part 2 section 3). */
export function useBusinessNumber(): string | null {
  const { business } = useAuth();
  return business?.selectedPhoneNumber ?? business?.twilioPhoneNumber ?? null;
}

/** SMS Management (spec part 2): header with the number and unread badge, and four tabs. */
export function SmsPage() {
  const number = useBusinessNumber();
  const usage = useSmsUsage();
  // ?tab=history opens a tab directly (the Activity Dashboard's View All Messages).
  const [params] = useSearchParams();
  const asked = TABS.find((t) => t.value === params.get('tab'))?.value;
  // A bulk text kept when the session ended opens Bulk Messaging with it (lib/kept-drafts.ts).
  const kept = useKeptDraft(BULK_DRAFT, keptText);
  const [tab, setTab] = useState<SmsTab>(() => asked ?? (kept ? 'bulk' : number ? 'conversations' : 'setup'));
  // A template chosen on the Setup tab opens Bulk Messaging with it.
  const [draft, setDraft] = useState(kept ?? '');
  useKeepDraftOnSessionEnd(BULK_DRAFT, () => textToKeep(draft));

  return (
    <div className="mx-auto w-full max-w-6xl">
      <SmsHeader number={number} onChooseNumber={() => setTab('setup')} onOpenInbox={() => setTab('conversations')} />
      <DeliveryBanner show={['sms']} />
      {number && <RegistrationBanner />}
      <Tabs value={tab} onValueChange={(v) => setTab(v as SmsTab)}>
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-10 sm:w-auto">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="setup">
          <SetupTab
            number={number}
            onNumberReady={() => setTab('conversations')}
            onUseTemplate={(content) => {
              setDraft(content);
              setTab('bulk');
            }}
          />
        </TabsContent>
        <TabsContent value="conversations">
          <ConversationsTab hasNumber={!!number} simulator={usage.data?.simulator === true} onChooseNumber={() => setTab('setup')} />
        </TabsContent>
        <TabsContent value="bulk">
          <BulkTab hasNumber={!!number} draft={draft} draftKept={kept !== null && draft === kept} onDraftChange={setDraft} onChooseNumber={() => setTab('setup')} />
        </TabsContent>
        <TabsContent value="history">
          <HistoryTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** On every tab (bulk, automations, conversations): why texts do not go out yet, until the registration is approved. */
function RegistrationBanner() {
  const { data } = useRegistration();
  if (!data?.blockedMessage) return null;
  return (
    <p role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="registration-banner">
      {data.blockedMessage}
    </p>
  );
}
