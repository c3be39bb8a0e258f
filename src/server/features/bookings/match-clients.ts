import { eq, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { clients as clientsTable } from '../../db/schema';

/** A client of the file being recorded: its e-mail (lower case) and phone; `id` is set when a client of the business matches. */
type MatchClient = { email: string | null; phone: string | null; id?: number };

/**
 * Finds the business's client of each file client (recordBookings): by e-mail, then by phone when one side has no
 * e-mail; the current values first, then those a client had before the owner edited them. Sets `id` on the matched
 * ones and answers their ids and the phones to fill in (a matched client without a phone gets the file's).
 * Set-based: one statement (after a one-row read that answers whether the business has any client), and a second
 * only for the file's keys no current value matched.
 */
export async function matchClients(tx: Tx, businessId: number, clients: MatchClient[], fileEmails: string[], filePhones: string[]) {
  const none = { updated: new Set<number>(), fillPhone: [] as { id: number; phone: string }[] };
  if (clients.length === 0) return none;
  // A business without clients (a first upload) has nothing to match: one primary-key-sized read spares building,
  // sending and probing the file's keys (100,000 for a first upload of 50,000 clients).
  const [known] = await tx.select({ id: clientsTable.id }).from(clientsTable).where(eq(clientsTable.businessId, businessId)).limit(1);
  if (!known) return none;
  // Two equality lookups per file client, each a probe of its index ((business_id, lower(email)) and
  // (business_id, phone)), united: an `or` of two `in` lists could use neither index, and a join (planned on
  // statistics that know few clients) hashed every client of the business, for a webhook's one row too.
  const existing = rowsOf<{ id: number; email: string | null; phone: string | null }>(
    await tx.execute(sql`
      select c.id, lower(c.email) as email, c.phone
      from json_array_elements_text(${JSON.stringify(fileEmails)}::json) as e(v)
      cross join lateral (
        select c.id, c.email, c.phone from clients c where c.business_id = ${businessId} and lower(c.email) = e.v and c.email is not null offset 0
      ) c
      union
      select c.id, lower(c.email), c.phone
      from json_array_elements_text(${JSON.stringify(filePhones)}::json) as p(v)
      cross join lateral (select c.id, c.email, c.phone from clients c where c.business_id = ${businessId} and c.phone = p.v offset 0) c`),
  );
  const dbByEmail = new Map<string, (typeof existing)[number]>();
  const dbByPhone = new Map<string, (typeof existing)[number]>();
  for (const e of existing) {
    if (e.email) dbByEmail.set(e.email, e);
    if (e.phone && !dbByPhone.has(e.phone)) dbByPhone.set(e.phone, e);
  }
  type Known = (typeof existing)[number];
  // A phone match counts when it cannot be a different person with another e-mail address.
  const byPhoneOf = (c: MatchClient, known: Map<string, Known>) => {
    const p = c.phone ? known.get(c.phone) : undefined;
    return p && (!p.email || !c.email) ? p : undefined;
  };
  // A client keeps the e-mails and phones it had before the owner edited them (docs/clients-api.md, "Editing a
  // client"). Only the file's clients that no current e-mail matches look there, in one more statement, and only
  // when there are any: a re-upload of clients who all exist skips it, a first upload finds no row to probe.
  const prevEmails = new Set<string>();
  const prevPhones = new Set<string>();
  for (const c of clients) {
    if (c.email && !dbByEmail.has(c.email)) prevEmails.add(c.email);
    if (c.phone && !(c.email && dbByEmail.has(c.email)) && !byPhoneOf(c, dbByPhone)) prevPhones.add(c.phone);
  }
  const prevByEmail = new Map<string, Known>();
  const prevByPhone = new Map<string, Known>();
  if (prevEmails.size || prevPhones.size) {
    const hasPrevious = sql`exists (select 1 from client_previous_contacts k where k.business_id = ${businessId})`;
    const previous = rowsOf<Known & { kind: 'email' | 'phone'; value: string }>(
      await tx.execute(sql`
        select x.kind, x.value, c.id, lower(c.email) as email, c.phone
        from (
          select 'email' as kind, e.v as value from json_array_elements_text(${JSON.stringify([...prevEmails])}::json) as e(v)
          union all
          select 'phone', p.v from json_array_elements_text(${JSON.stringify([...prevPhones])}::json) as p(v)
        ) x
        cross join lateral (
          select k.client_id from client_previous_contacts k
          where k.business_id = ${businessId} and k.kind = x.kind and k.value = x.value offset 0
        ) k
        join clients c on c.id = k.client_id and c.business_id = ${businessId}
        where ${hasPrevious}`),
    );
    for (const p of previous) (p.kind === 'email' ? prevByEmail : prevByPhone).set(p.value, p);
  }
  const fillPhone: { id: number; phone: string }[] = [];
  const updated = new Set<number>();
  for (const c of clients) {
    // e-mail before phone, the current one before a previous one
    const match =
      (c.email ? (dbByEmail.get(c.email) ?? prevByEmail.get(c.email)) : undefined) ?? byPhoneOf(c, dbByPhone) ?? byPhoneOf(c, prevByPhone);
    if (match) {
      c.id = match.id;
      updated.add(match.id);
      if (!match.phone && c.phone) fillPhone.push({ id: match.id, phone: c.phone });
    }
  }

  return { updated, fillPhone };
}
