import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPhone, formatTimeAgo, initials } from '../../../shared/format';
import { Badge } from '../../components/ui/badge';
import { OPTED_OUT_LABEL } from '../../../shared/schemas/texting';
import { ReplyBox } from '../../components/sms/reply-box';
import { Button } from '../../components/ui/button';
import { useMarkRead } from '../../lib/sms-actions';
import { cn } from '../../lib/utils';
import type { SmsConversation, SmsMessage } from './types';

const PREVIEW_MESSAGES = 3;

/** The last 3 messages, oldest first, whatever order the server sent them in. */
export function lastMessages(messages: SmsMessage[], n = PREVIEW_MESSAGES): SmsMessage[] {
  return [...messages].sort((a, b) => new Date(a.timestamp).getTime() - new Date(b.timestamp).getTime()).slice(-n);
}

export function ConversationCard({ conversation: c }: { conversation: SmsConversation }) {
  return (
    <ThreadCard
      testId="conversation"
      name={c.client.name}
      phone={c.client.phone}
      thread={c}
      avatarClassName="bg-brand-100 text-brand-700"
      reply={<ReplyBox clientId={c.clientId} clientName={c.client.name} className="border-t border-slate-100 p-4" />}
    />
  );
}

type Thread = Pick<SmsConversation, 'unreadCount' | 'unreadMessageIds' | 'recentMessages' | 'optedOut'> & { lastMessage?: { timestamp: string } | null };

/** One conversation's card: who, its unread count and opt-out, the last messages, and the reply form it is given. */
export function ThreadCard(props: { testId: string; name: string; phone: string | null; thread: Thread; avatarClassName: string; badge?: ReactNode; reply: ReactNode }) {
  const { name, thread: c } = props;
  const markRead = useMarkRead();
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white shadow-sm" data-testid={props.testId}>
      <div className="flex items-start gap-3 border-b border-slate-100 p-4">
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold', props.avatarClassName)} aria-hidden="true">
          {initials(name)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate text-sm font-semibold text-slate-900">{name}</h3>
            {props.badge}
            {c.unreadCount > 0 && <Badge data-testid="conversation-unread">{c.unreadCount} unread</Badge>}
            {c.optedOut && (
              <Badge variant="destructive" data-testid="opted-out" title="Replied STOP: gets no texts until they text START">
                {OPTED_OUT_LABEL}
              </Badge>
            )}
          </div>
          <p className="flex flex-wrap gap-x-1 text-xs text-slate-500 tabular">
            <span className="whitespace-nowrap">{formatPhone(props.phone)}</span>
            {c.lastMessage && <span className="whitespace-nowrap">· {formatTimeAgo(c.lastMessage.timestamp)}</span>}
          </p>
        </div>
        {c.unreadCount > 0 && (
          <Button size="sm" variant="outline" disabled={markRead.isPending} onClick={() => markRead.mutate(c.unreadMessageIds)}>
            <Check aria-hidden="true" />
            Mark as Read
          </Button>
        )}
      </div>
      <ol className="flex-1 space-y-2 p-4" aria-label={`Latest messages with ${name}`}>
        {lastMessages(c.recentMessages).map((m) => (
          <MessageBubble key={m.id} message={m} />
        ))}
      </ol>
      {props.reply}
    </li>
  );
}

export function MessageBubble({ message: m }: { message: SmsMessage }) {
  const inbound = m.direction === 'inbound';
  return (
    <li className={cn('flex', inbound ? 'justify-start' : 'justify-end')} data-direction={m.direction}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm',
          inbound ? 'rounded-bl-sm bg-slate-100 text-slate-900' : 'rounded-br-sm bg-brand-600 text-white',
          inbound && !m.isRead && 'ring-2 ring-brand-300',
        )}
      >
        <span className="sr-only">{inbound ? 'Client: ' : 'You: '}</span>
        <p className="whitespace-pre-wrap break-words">{m.messageBody}</p>
        <p className={cn('mt-0.5 text-[11px]', inbound ? 'text-slate-600' : 'text-brand-50')}>
          <time dateTime={m.timestamp}>{formatTimeAgo(m.timestamp)}</time>
          {m.sentBy && ` · Sent by ${m.sentBy}`}
          {m.error ? ` · ${m.error.label}` : (m.status === 'failed' || m.status === 'undelivered') && ' · Failed'}
        </p>
        {m.error && <p className="mt-0.5 text-[11px] text-brand-50">{m.error.advice}</p>}
      </div>
    </li>
  );
}
