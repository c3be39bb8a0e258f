import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { normalizePhone } from '../../../shared/phone';
import type { Texting, TextingBasis } from '../../../shared/schemas/texting';
import { deliveryError } from '../../../shared/sms-errors';

// Whether a client may get marketing texts, and why not (docs/sms.md, "Who gets marketing texts"): opted out,
// a number that cannot take texts, or no basis to text (no booking with the business, no form or claim opt-in).

type Who = { id: number; phone: string | null; totalBookings: number };

/** One read for a list of clients: their opt-out, unreachable mark and basis to text. */
export async function textingOf(tx: Tx, businessId: number, clients: Who[]): Promise<Map<number, Texting>> {
  const phones = [...new Set(clients.map((c) => (c.phone ? normalizePhone(c.phone) : null)).filter((p): p is string => p != null))];
  const facts = new Map<string, { optedOut: boolean; code: number | null; form: boolean; claim: boolean }>();
  if (phones.length > 0) {
    const rows = rowsOf<{ phone: string; opted_out: boolean; code: number | null; form: boolean; claim: boolean }>(
      // Every fact by its (business, phone) index: a page of 25 reads about 100 index entries.
      await tx.execute(sql`
        select p.phone, coalesce(o.opted_out, false) as opted_out, u.error_code as code,
          exists (select 1 from lead_consents l where l.business_id = ${businessId} and l.phone = p.phone) as form,
          exists (select 1 from referrals r where r.business_id = ${businessId} and r.referee_phone = p.phone and r.sms_consent_at is not null) as claim
        from (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb) as phone) p
        left join sms_opt_outs o on o.business_id = ${businessId} and o.phone = p.phone
        left join sms_unreachable_numbers u on u.business_id = ${businessId} and u.phone = p.phone`),
    );
    for (const r of rows) facts.set(r.phone, { optedOut: Boolean(r.opted_out), code: r.code == null ? null : Number(r.code), form: Boolean(r.form), claim: Boolean(r.claim) });
  }
  const out = new Map<number, Texting>();
  for (const c of clients) {
    const phone = c.phone ? normalizePhone(c.phone) : null;
    const f = phone ? facts.get(phone) : undefined;
    const basis: TextingBasis | null = c.totalBookings > 0 ? 'booking' : f?.form ? 'form' : f?.claim ? 'claim' : null;
    const error = deliveryError(f?.code);
    out.set(c.id, {
      optedOut: f?.optedOut ?? false,
      unreachable: error && f?.code != null ? { code: f.code, label: error.label, advice: error.advice } : null,
      basis,
    });
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
