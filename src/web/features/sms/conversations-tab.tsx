import { MessagesSquare, Phone, Search } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ConversationCard } from './conversation-card';
import { LeadConversations } from './lead-conversations';
import { Pager } from './pager';
import { SimulatorPanel } from './simulator-panel';
import { useConversations } from './use-sms';

const SEARCH_DEBOUNCE_MS = 300;

interface ConversationsTabProps {
  hasNumber: boolean;
  /** The local SMS simulator is active: offer to play a client's reply. */
  simulator: boolean;
  onChooseNumber: () => void;
}

export function ConversationsTab({ hasNumber, simulator, onChooseNumber }: ConversationsTabProps) {
  const simulatorPanel = simulator && hasNumber ? <SimulatorPanel /> : null;
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(query, SEARCH_DEBOUNCE_MS).trim();
  const { data, isPending, isError, isPlaceholderData } = useConversations({ page, search });

  if (isPending)
    return (
      <div className="space-y-4">
        <Skeleton className="h-10 w-full max-w-sm" />
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        Conversations could not be loaded. Please try refreshing the page.
      </p>
    );
  if (data.conversations.length === 0 && !search && page === 1)
    return (
      <div className="space-y-4">
        {simulatorPanel}
        <LeadConversations />
        <EmptyState
          icon={MessagesSquare}
          title="No conversations yet"
          text={hasNumber ? 'When you text a client or a client replies, the conversation shows up here.' : 'Choose your business SMS number to start texting clients.'}
          action={
            !hasNumber && (
              <Button onClick={onChooseNumber}>
                <Phone aria-hidden="true" />
                Choose your business SMS number
              </Button>
            )
          }
        />
      </div>
    );

  return (
    <div className="space-y-4">
      {simulatorPanel}
      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Search conversations by client name or phone"
          placeholder="Search by name or phone"
          className="pl-9"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {!search && page === 1 && <LeadConversations />}
      {data.conversations.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">No conversations match “{search}”.</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" data-testid="conversations" aria-busy={isPlaceholderData}>
          {data.conversations.map((c) => (
            <ConversationCard key={c.clientId} conversation={c} />
          ))}
        </ul>
      )}
      <Pager label="Conversation pages" page={data.page} hasMore={data.hasMore} onPage={setPage} />
    </div>
  );
}
