import { MessagesSquare, Phone, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { ConversationCard } from './conversation-card';
import type { SmsConversation } from './types';
import { useConversations } from './use-sms';

/** Name, case-insensitive, or phone (digits compared, so "512 555" finds +15125550100). */
export function matchesConversation(c: SmsConversation, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (c.client.name.toLowerCase().includes(q)) return true;
  const digits = q.replace(/\D/g, '');
  return digits.length > 0 && (c.client.phone ?? '').replace(/\D/g, '').includes(digits);
}

export function ConversationsTab({ hasNumber, onChooseNumber }: { hasNumber: boolean; onChooseNumber: () => void }) {
  const { data, isPending, isError } = useConversations();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => (data ?? []).filter((c) => matchesConversation(c, query)), [data, query]);

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
  if (data.length === 0)
    return (
      <EmptyState
        icon={MessagesSquare}
        title="No conversations yet"
        text={hasNumber ? 'When a client replies to one of your texts, the conversation shows up here.' : 'Choose your business SMS number to start texting clients.'}
        action={
          !hasNumber && (
            <Button onClick={onChooseNumber}>
              <Phone aria-hidden="true" />
              Choose your business SMS number
            </Button>
          )
        }
      />
    );

  return (
    <div className="space-y-4">
      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Search conversations by client name or phone"
          placeholder="Search by name or phone"
          className="pl-9"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {shown.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">No conversations match “{query.trim()}”.</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" data-testid="conversations">
          {shown.map((c) => (
            <ConversationCard key={c.clientId} conversation={c} />
          ))}
        </ul>
      )}
    </div>
  );
}
