import { formatPhone, plural } from '../../../shared/format';

// The words of the owner's notifications (docs/settings.md, "Notifications").

export type Kind = 'lead' | 'claim' | 'reply';

const contact = (row: Record<string, any>) => [row.who_email, row.who_phone ? formatPhone(row.who_phone) : null].filter(Boolean).join(', ');

/** Subject and e-mail text of one event, and the short text for the owner's phone. */
export function eventMessage(kind: Kind, row: Record<string, any>, origin: string): { subject: string; text: string; sms: string } {
  const base = origin.replace(/\/+$/, '');
  const reach = contact(row);
  if (kind === 'lead') {
    const via = row.form_name ? `your form "${row.form_name}"` : row.source === 'referral' ? 'a referral link' : 'your website';
    const by = row.referrer_name ? `, referred by ${row.referrer_name}` : '';
    return {
      subject: `New lead: ${row.who}`,
      text: `${row.who}${reach ? ` (${reach})` : ''} came in through ${via}${by}.\n\nOpen your Lead Inbox: ${base}/leads\n`,
      sms: `New lead: ${row.who}${by}. ${base}/leads`,
    };
  }
  if (kind === 'claim') {
    const of = row.referrer_name ? `${row.referrer_name}'s` : 'a';
    return {
      subject: `New referral: ${row.who} claimed ${of} reward`,
      text: `${row.who}${reach ? ` (${reach})` : ''} claimed ${of} referral reward. They are in your Lead Inbox, waiting for their first booking.\n\nReferral Tracker: ${base}/referrals\n`,
      sms: `New referral: ${row.who} claimed ${of} reward. ${base}/referrals`,
    };
  }
  const who = row.who ?? formatPhone(row.who_phone);
  return {
    subject: `New text from ${who}`,
    text: `${who}${row.who ? ` (${formatPhone(row.who_phone)})` : ''} texted your business number:\n\n${row.message_body}\n\nAnswer it: ${base}/outreach\n`,
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
