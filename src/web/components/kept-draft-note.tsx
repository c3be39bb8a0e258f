import { cn } from '../lib/utils';

/** Under a composer that opened with the text kept when the session ended (lib/kept-drafts.ts). */
export function KeptDraftNote({ className }: { className?: string }) {
  return (
    <p role="status" className={cn('text-xs text-brand-700', className)}>
      Your unsent message was kept while you signed in again.
    </p>
  );
}
