import { BASIS_LABEL, NO_BASIS_LABEL, OPTED_OUT_LABEL, type Texting } from '../../../shared/schemas/texting';
import { Badge } from '../ui/badge';

// A client's texting state where the owner picks people to text (docs/sms.md, "Who gets marketing texts"):
// "Opted out", a number that cannot take texts ("Landline: can't receive texts"), and in the bulk list the
// basis to text.

/** Whether a marketing text may go to the client (the server leaves the others out with the same reasons). */
export const canMarket = (t: Texting | undefined) => !t || (!t.optedOut && !t.unreachable && t.basis != null);

export function TextingMarks({ texting, showBasis = false }: { texting: Texting | undefined; showBasis?: boolean }) {
  if (!texting) return null;
  return (
    <>
      {texting.optedOut && (
        <Badge variant="destructive" data-testid="opted-out" title="Replied STOP: gets no texts until they text START">
          {OPTED_OUT_LABEL}
        </Badge>
      )}
      {texting.unreachable && (
        <Badge variant="warning" data-testid="unreachable" title={texting.unreachable.advice}>
          {texting.unreachable.label}
        </Badge>
      )}
      {showBasis && !texting.optedOut && !texting.unreachable && (
        <Badge variant={texting.basis ? 'secondary' : 'outline'} data-testid="texting-basis" title={texting.basis ? undefined : 'No booking with you and no opt-in: no marketing texts'}>
          {texting.basis ? BASIS_LABEL[texting.basis] : NO_BASIS_LABEL}
        </Badge>
      )}
    </>
  );
}
