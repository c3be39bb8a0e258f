import { Loader2, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { keptText, textToKeep, useKeepDraftOnSessionEnd, useKeptDraft } from '../../lib/kept-drafts';
import { useReply } from '../../lib/sms-actions';
import { KeptDraftNote } from '../kept-draft-note';
import { useSending } from '../../lib/use-sending';
import { Button } from '../ui/button';
import { Textarea } from '../ui/textarea';
import { SegmentCounter } from './segment-counter';

interface ReplyBoxProps {
  clientId: number;
  clientName: string;
  className?: string;
}

/**
 * A one-to-one reply to a client: non-blank after trimming (spec part 1 section 5), Enter sends and
 * Shift+Enter starts a new line; cleared only once the server has sent it.
 */
export function ReplyBox({ clientId, clientName, className }: ReplyBoxProps) {
  const draftKey = `reply:client:${clientId}`;
  const kept = useKeptDraft(draftKey, keptText);
  const [reply, setReply] = useState(kept ?? '');
  useKeepDraftOnSessionEnd(draftKey, () => textToKeep(reply));
  const send = useSending(useReply(() => setReply('')).mutateAsync);
  const id = useId();
  const canSend = reply.trim().length > 0 && !send.sending;
  const submit = () => {
    if (canSend) send.send({ clientId, message: reply.trim() });
  };

  return (
    <form
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Reply to {clientName}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={id}
          rows={1}
          className="min-h-10 resize-none"
          placeholder="Type a reply... (Enter sends)"
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Button type="submit" size="icon" disabled={!canSend} aria-label={send.sending ? `Sending reply to ${clientName}` : `Send reply to ${clientName}`}>
          {send.sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
        </Button>
      </div>
      {reply && <SegmentCounter text={reply} className="mt-1" />}
      {kept && reply === kept && <KeptDraftNote className="mt-1" />}
    </form>
  );
}
