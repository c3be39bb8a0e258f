import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { readRows } from '../../../db/read-rows';
import { normalizePhone } from '../../../../shared/phone';
import type { Texting, TextingBasis } from '../../../../shared/schemas/texting';
import { deliveryError } from '../../../../shared/sms-errors';

// Whether a client may get marketing texts, and why not (docs/sms.md, "Who gets marketing texts"): opted out,
// a number that cannot take texts, or no basis to text (no booking with the business, no form or claim opt-in).

type Who = { id: number; phone: string | null; totalBookings: number };

/** What the texting laterals answer for one phone (TEXTING_COLUMNS). */
export type TextingFacts = { texting_opted_out: boolean | null; texting_code: number | string | null; texting_form: boolean | null; texting_claim: boolean | null };

/**
 * The texting facts of the phone `phone` (an SQL expression) of one business, as lateral joins: each fact by its
 * (business, phone) index, one probe a phone. Laterals with a limit, not EXISTS: over a page of phones the planner
 * turns EXISTS into a hash of every consent, opt-out and claim of the business, read on every page. The client
 * list's statements add these to their page (one statement a page); TEXTING_COLUMNS names what they answer.
 */
export function textingJoins(businessId: number, phone: SQL): SQL {
  return sql`
    left join lateral (select o.opted_out from sms_opt_outs o where o.business_id = ${businessId} and o.phone = ${phone} limit 1) t_o on true
    left join lateral (select u.error_code from sms_unreachable_numbers u where u.business_id = ${businessId} and u.phone = ${phone} limit 1) t_u on true
    left join lateral (select true as found from lead_consents l where l.business_id = ${businessId} and l.phone = ${phone} limit 1) t_l on true
    left join lateral (select true as found from referrals r
      where r.business_id = ${businessId} and r.referee_phone = ${phone} and r.sms_consent_at is not null limit 1) t_r on true`;
}
export const TEXTING_COLUMNS = sql.raw(
  't_o.opted_out as texting_opted_out, t_u.error_code as texting_code, t_l.found as texting_form, t_r.found as texting_claim',
);

/** A client's texting state from its facts: opted out, a number that cannot take texts, its basis to text. */
export function textingFrom(totalBookings: number, f: TextingFacts | undefined): Texting {
  const code = f?.texting_code == null ? null : Number(f.texting_code);
  const basis: TextingBasis | null = totalBookings > 0 ? 'booking' : f?.texting_form ? 'form' : f?.texting_claim ? 'claim' : null;
  const error = deliveryError(code);
  return {
    optedOut: Boolean(f?.texting_opted_out),
    unreachable: error && code != null ? { code, label: error.label, advice: error.advice } : null,
    basis,
  };
}

/** One read for a list of clients (the bulk recipients): their opt-out, unreachable mark and basis to text. */
export async function textingOf(db: Tx, businessId: number, clients: Who[]): Promise<Map<number, Texting>> {
  const phones = [...new Set(clients.map((c) => (c.phone ? normalizePhone(c.phone) : null)).filter((p): p is string => p != null))];
  const facts = new Map<string, TextingFacts>();
  if (phones.length > 0) {
    const rows = await readRows<TextingFacts & { phone: string }>(
      db,
      sql`select p.phone, ${TEXTING_COLUMNS} from (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb) as phone) p
        ${textingJoins(businessId, sql`p.phone`)}`,
    );
    for (const r of rows) facts.set(r.phone, r);
  }
  const out = new Map<number, Texting>();
  for (const c of clients) {
    const phone = c.phone ? normalizePhone(c.phone) : null;
    out.set(c.id, textingFrom(c.totalBookings, phone ? facts.get(phone) : undefined));
  }
  return out;
}

/** Why a client is left out of a marketing text (bulk, automations), or null when it may go. */
export function marketingBlock(t: Texting): string | null {
  if (t.optedOut) return 'Opted out of texts (replied STOP).';
  if (t.unreachable) return `${t.unreachable.label}. ${t.unreachable.advice}`;
  if (!t.basis) return 'No basis to text: no booking with you, and no opt-in on a form or the referral page.';
  return null;
}

/**
 * The phones among `phones` (E.164) the business may text one-to-one (docs/sms.md, "Consent to text"): the
 * person booked with it (a client with that phone and a booking), ticked an SMS opt-in on a form or on the
 * referral page, or texted the business first. One statement for any number of phones; the send service asks it
 * for every text, the lead and referral lists to show "Did not agree to texts".
 */
export async function phonesWithConsent(db: Tx, businessId: number, phones: string[]): Promise<Set<string>> {
  const unique = [...new Set(phones)];
  if (unique.length === 0) return new Set();
  const rows = await readRows<{ phone: string }>(
    db,
    sql`select p.phone from (select jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb) as phone) p
      where exists (select 1 from clients c where c.business_id = ${businessId} and c.phone = p.phone and c.total_bookings > 0)
        or exists (select 1 from lead_consents l where l.business_id = ${businessId} and l.phone = p.phone)
        or exists (select 1 from referrals r where r.business_id = ${businessId} and r.referee_phone = p.phone and r.sms_consent_at is not null)
        or exists (select 1 from sms_messages m where m.business_id = ${businessId} and m.direction = 'inbound' and m.from_number = p.phone)`,
  );
  return new Set(rows.map((r) => r.phone));
}

/** Whether the business may text each of these raw phones (normalised first; an invalid phone may not be texted). */
export async function consentOfPhones(db: Tx, businessId: number, raw: (string | null)[]): Promise<boolean[]> {
  const phones = raw.map((p) => (p ? normalizePhone(p) : null));
  const agreed = await phonesWithConsent(db, businessId, phones.filter((p): p is string => p != null));
  return phones.map((p) => p != null && agreed.has(p));
}
