import { formatPhone, plural } from '../../../shared/format';
import { answerLines } from '../forms-public/service';

// The words of the owner's notifications (docs/settings.md, "Notifications").

export type Kind = 'lead' | 'claim' | 'reply';

const contact = (row: Record<string, any>) => [row.who_email, row.who_phone ? formatPhone(row.who_phone) : null].filter(Boolean).join(', ');

const WROTE_MAX = 2000;
const PLAIN_EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/**
 * What the person wrote, quoted: every line after "> ", control characters out, 2,000 characters at most. The
 * e-mail is plain text, so nothing in it becomes markup; quoted, it can't pass for the app's own lines either
 * (a made-up "Open your Lead Inbox: <link>").
 */
export function quoted(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  const cut = clean.length > WROTE_MAX ? `${clean.slice(0, WROTE_MAX)}…` : clean;
  return cut
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
}

/** The person's own address for Reply-To, when it is one plain address (never a list or a header). */
export const replyToOf = (row: Record<string, any>): string | undefined =>
  typeof row.who_email === 'string' && row.who_email.length <= 254 && PLAIN_EMAIL.test(row.who_email) ? row.who_email : undefined;

/** Subject and e-mail text of one event, the address a reply goes to, and the short text for the owner's phone. */
export function eventMessage(kind: Kind, row: Record<string, any>, origin: string): { subject: string; text: string; replyTo?: string; sms: string } {
  const base = origin.replace(/\/+$/, '');
  const reach = contact(row);
  const replyTo = replyToOf(row);
  const answer = replyTo ? `Reply to this e-mail to answer ${row.who ?? 'them'}.\n\n` : '';
  if (kind === 'lead') {
    const via = row.form_name ? `your form "${row.form_name}"` : row.source === 'referral' ? 'a referral link' : 'your website';
    const by = row.referrer_name ? `, referred by ${row.referrer_name}` : '';
    const answers = row.answers && typeof row.answers === 'object' ? answerLines(row.answers as Record<string, unknown>).join('\n') : '';
    const wrote = answers.trim() ? `\n\nWhat they wrote:\n${quoted(answers)}` : '';
    return {
      subject: `New lead: ${row.who}`,
      text: `${row.who}${reach ? ` (${reach})` : ''} came in through ${via}${by}.${wrote}\n\n${answer}Open your Lead Inbox: ${base}/leads\n`,
      replyTo,
      sms: `New lead: ${row.who}${by}. ${base}/leads`,
    };
  }
  if (kind === 'claim') {
    const of = row.referrer_name ? `${row.referrer_name}'s` : 'a';
    return {
      subject: `New referral: ${row.who} claimed ${of} reward`,
      text: `${row.who}${reach ? ` (${reach})` : ''} claimed ${of} referral reward. They are in your Lead Inbox, waiting for their first booking.\n\n${answer}Referral Tracker: ${base}/referrals\n`,
      replyTo,
      sms: `New referral: ${row.who} claimed ${of} reward. ${base}/referrals`,
    };
  }
  const who = row.who ?? formatPhone(row.who_phone);
  return {
    subject: `New text from ${who}`,
    text: `${who}${row.who ? ` (${formatPhone(row.who_phone)})` : ''} texted your business number:\n\n${quoted(String(row.message_body ?? ''))}\n\nAnswer it: ${base}/outreach\n`,
    replyTo,
    sms: `Text from ${who}: ${String(row.message_body).slice(0, 200)}`,
  };
}


/** The daily digest's subject and text; null when nothing came in. */
export function digestMessage(
  d: { leads: number; claims: number; replies: number; leadNames: string[]; claimNames: string[]; replyNames: string[] },
  origin: string,
): { subject: string; text: string } | null {
  if (d.leads + d.claims + d.replies === 0) return null;
  const base = origin.replace(/\/+$/, '');
  const parts = [
    d.leads ? plural(d.leads, 'new lead', 'new leads') : null,
    d.claims ? plural(d.claims, 'referral claim', 'referral claims') : null,
    d.replies ? plural(d.replies, 'text', 'texts') : null,
  ].filter(Boolean);
  const section = (title: string, n: number, names: string[], link: string) =>
    n ? `${title} (${n}):\n${names.map((x) => `- ${x}`).join('\n')}${n > names.length ? `\n- and ${n - names.length} more` : ''}\n${link}\n` : '';
  return {
    subject: `Since yesterday: ${parts.join(', ')}`,
    text: [
      section('New leads', d.leads, d.leadNames, `${base}/leads`),
      section('Referral claims', d.claims, d.claimNames, `${base}/referrals`),
      section('Texts', d.replies, d.replyNames, `${base}/outreach`),
    ]
      .filter(Boolean)
      .join('\n'),
  };
}
