// Compliance keywords of an inbound text (docs/sms-inbox.md "Compliance keywords"). A text is a
// keyword only when it is exactly the word: any case, spaces around it ignored ("stop please" is a message).

export const STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'] as const;
export const START_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

export type Keyword = 'stop' | 'start' | 'help';

const KINDS = new Map<string, Keyword>([
  ...STOP_KEYWORDS.map((k): [string, Keyword] => [k, 'stop']),
  ...START_KEYWORDS.map((k): [string, Keyword] => [k, 'start']),
  ...HELP_KEYWORDS.map((k): [string, Keyword] => [k, 'help']),
]);

/** The keyword a text is, or null. Whitespace of any kind around the word (a trailing newline) is ignored. */
export function keywordOf(body: string): Keyword | null {
  const word = body.trim().toUpperCase();
  return KINDS.get(word) ?? null;
}

/** What the simulator answers a STOP with (Twilio answers it itself on a real number; we send nothing there). */
export const STOP_CONFIRMATION =
  'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.';

/** What the simulator answers a START with (Twilio answers it itself on a real number). */
export const START_CONFIRMATION = 'You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe.';

/** The answer to HELP or INFO: the business's name and how to stop. */
export function helpReply(businessName: string): string {
  return `${businessName}: reply to this number to reach us. Msg & data rates may apply. Reply STOP to unsubscribe.`;
}
