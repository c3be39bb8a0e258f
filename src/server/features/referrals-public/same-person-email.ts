import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// One person's e-mail written several ways: case, a "+tag" after the name (name+fr@example.com), and for
// Gmail dots in the name (j.a.ne@gmail.com). The public claim compares e-mails in this form, so a copy of the
// referrer's own address cannot claim their code, nor one friend claim twice (docs/referrals.md "Public claim").
// The stored e-mails stay as typed.

const GMAIL_DOMAINS = ['gmail.com', 'googlemail.com'];

/** 'J.Ane+fr@GoogleMail.com' -> 'jane@gmail.com'; 'ann+x@example.com' -> 'ann@example.com'. */
export function sameInboxEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const domain = lower.slice(at + 1);
  const name = lower.slice(0, at).split('+')[0];
  return GMAIL_DOMAINS.includes(domain) ? `${name.replaceAll('.', '')}@gmail.com` : `${name}@${domain}`;
}

/** The same form of a column in SQL (matching sameInboxEmail for every address with one '@'). */
export function sameInboxEmailSql(column: SQLWrapper): SQL {
  const lower = sql`lower(trim(${column}))`;
  const name = sql`split_part(split_part(${lower}, '@', 1), '+', 1)`;
  const domain = sql`split_part(${lower}, '@', 2)`;
  return sql`(case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${name}, '.', '') || '@gmail.com' else ${name} || '@' || ${domain} end)`;
}
