import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { ReplyItem } from './reply-item';
import type { UnreadReplies } from './use-activity';
import { ListState, Panel, PanelEmpty } from '../../components/list-state';

interface UnreadRepliesPanelProps {
  data: UnreadReplies | undefined;
  loading: boolean;
  failed: boolean;
}

/** Spec part 1 "Unread SMS Replies": the unread replies, newest first. */
export function UnreadRepliesPanel({ data, loading, failed }: UnreadRepliesPanelProps) {
  const count = data?.replies.length ?? 0;
  return (
    <Panel
      testId="unread-replies"
      title="Unread SMS Replies"
      after={
        count > 0 && (
          <Badge data-testid="unread-replies-count">
            {data?.hasMore ? `${count}+` : count}
            <span className="sr-only"> unread</span>
          </Badge>
        )
      }
    >
      <ListState
        loading={loading}
        failed={failed}
        errorText="Unread replies could not be loaded. Please try Refresh."
        empty={count === 0}
        emptyContent={<PanelEmpty icon={Inbox} title="No unread replies" text="When a client texts your business number, the reply shows up here." />}
        rows={3}
        rowClassName="h-20"
      >
        {() => (
        <>
          <ul className="divide-y divide-slate-100">
            {data!.replies.map((r) => (
              <ReplyItem key={r.id} reply={r} />
            ))}
          </ul>
          {data!.hasMore && (
            <p className="border-t border-slate-100 p-4 text-sm">
              <Link to="/outreach?tab=conversations" className="font-medium text-brand-700 hover:underline">
                See every unread reply in SMS Management
              </Link>
            </p>
          )}
        </>
        )}
      </ListState>
    </Panel>
  );
}
