import type { Database } from '../../db/client';
import { leadConsents, leads } from '../../db/schema';
import { normalizePhone } from '../../../shared/phone';

// Helpers of the Lead Inbox tests: leads from other sources (public claims, forms) written directly, times exact.

export type LeadSeed = {
  name: string;
  email?: string | null;
  phone?: string | null;
  source?: string;
  status?: string;
  referrerName?: string | null;
  referrerCode?: string | null;
  notes?: string | null;
  /** When it came in: now minus this many milliseconds (default 1 minute). */
  agoMs?: number;
  createdAt?: Date;
  /** The lead ticked the form's SMS opt-in (a lead_consents row for its phone, as the form writes it). */
  smsConsent?: boolean;
};

export async function addLeadRow(database: Database, businessId: number, seed: LeadSeed): Promise<number> {
  const [row] = await database.db
    .insert(leads)
    .values({
      businessId,
      name: seed.name,
      email: seed.email ?? null,
      phone: seed.phone ?? null,
      source: seed.source ?? 'form',
      status: seed.status ?? 'new',
      referrerName: seed.referrerName ?? null,
      referrerCode: seed.referrerCode ?? null,
      notes: seed.notes ?? null,
      createdAt: seed.createdAt ?? new Date(Date.now() - (seed.agoMs ?? 60_000)),
    })
    .returning({ id: leads.id });
  if (seed.smsConsent) {
    const phone = seed.phone ? (normalizePhone(seed.phone) ?? seed.phone) : null;
    await database.db.insert(leadConsents).values({ businessId, leadId: row.id, phone, consentText: 'Yes, text me.' });
  }
  return row.id;
}

export async function count(database: Database, table: string, where = 'true', values: unknown[] = []): Promise<number> {
  const [r] = await database.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, values);
  return Number(r.n);
}
