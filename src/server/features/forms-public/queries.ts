import { and, eq, gt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { businesses, forms, leadConsents, leads } from '../../db/schema';

// SQL of the public form. The embed token names the form and so the business; every statement after that
// look-up writes only rows of that business (ARCHITECTURE.md, "Tenancy").

const publicFormColumns = {
  id: forms.id,
  businessId: forms.businessId,
  businessName: businesses.name,
  name: forms.name,
  description: forms.description,
  fields: forms.fields,
  embedToken: forms.embedToken,
  isActive: forms.isActive,
  styles: forms.styles,
};

export async function selectFormByToken(db: Tx, token: string) {
  const [row] = await db
    .select(publicFormColumns)
    .from(forms)
    .innerJoin(businesses, eq(businesses.id, forms.businessId))
    .where(eq(forms.embedToken, token));
  return row ?? null;
}

export type NewFormLead = {
  businessId: number;
  formId: number;
  name: string;
  email: string | null;
  phone: string | null;
  customFields: Record<string, string | boolean>;
  smsOptIn: boolean;
  /** The answers in words, for the inbox. */
  notes: string;
};

/** The lead, with source 'form' (as referrals-public inserts its referral leads). */
export async function insertLead(tx: Tx, l: NewFormLead): Promise<number> {
  const [row] = await tx
    .insert(leads)
    .values({ ...l, source: 'form' })
    .returning({ id: leads.id });
  return row.id;
}

/**
 * A submission that came through a client's website link (`?ref=CODE`) is credited to that client: the lead carries
 * the referrer, and a pending referral is written for the friend as a claim would (docs/referrals.md, "Referral
 * credit") when the lead has an e-mail or phone, is not the referrer, no client of the business has that e-mail or
 * phone, and no pending referral names it already (the first referrer keeps the credit). An unknown code changes nothing.
 */
export async function creditReferrer(tx: Tx, businessId: number, leadId: number, code: string) {
  await tx.execute(sql`with referrer as (select c.id, c.name, c.referral_code, lower(c.email) as email, c.phone from clients c
        where c.business_id = ${businessId} and c.referral_code = ${code}),
      lead as (update leads l set referrer_code = r.referral_code, referrer_name = r.name from referrer r
        where l.id = ${leadId} and l.business_id = ${businessId}
        returning l.name, l.email, l.phone)
    insert into referrals (business_id, referrer_code, referrer_client_id, referee_name, referee_email, referee_phone)
    select ${businessId}, r.referral_code, r.id, l.name, l.email, l.phone from lead l cross join referrer r
    where (l.email is not null or l.phone is not null)
      and lower(l.email) is distinct from r.email and (l.phone is null or l.phone is distinct from r.phone)
      and not exists (select 1 from clients c where c.business_id = ${businessId}
        and ((l.email is not null and lower(c.email) = lower(l.email)) or (l.phone is not null and c.phone = l.phone)))
      and not exists (select 1 from referrals p where p.business_id = ${businessId} and not p.converted
        and ((l.email is not null and lower(p.referee_email) = lower(l.email)) or (l.phone is not null and p.referee_phone = l.phone)))`);
}

export type NewConsent = {
  businessId: number;
  leadId: number;
  formId: number;
  phone: string;
  consentText: string;
  ip: string | null;
  userAgent: string | null;
  pageUrl: string | null;
};

export async function insertConsent(tx: Tx, c: NewConsent): Promise<void> {
  await tx.insert(leadConsents).values(c);
}

/** Counts the submission; false when the form was deleted or switched off since it was read. */
export async function countSubmission(tx: Tx, businessId: number, formId: number): Promise<boolean> {
  const rows = await tx
    .update(forms)
    .set({ submissionCount: sql`${forms.submissionCount} + 1` })
    .where(and(eq(forms.id, formId), eq(forms.businessId, businessId), eq(forms.isActive, true)))
    .returning({ id: forms.id });
  return rows.length > 0;
}

/** Submissions to one form are stored one at a time, so a double click sent twice at once is still one lead. */
export async function lockForm(tx: Tx, formId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('form-submit'), ${formId}::int)`);
}

/** The same answers to the same form in the last few minutes (a double click, a reload that posted again). */
export async function recentDuplicate(tx: Tx, l: NewFormLead, minutes: number): Promise<boolean> {
  const sameAs = (column: AnyPgColumn, value: string | null) => sql`${column} is not distinct from ${value}`;
  const rows = await tx
    .select({ one: sql`1` })
    .from(leads)
    .where(
      and(
        eq(leads.businessId, l.businessId),
        eq(leads.formId, l.formId),
        eq(leads.source, 'form'),
        gt(leads.createdAt, sql`now() - ${minutes}::int * interval '1 minute'`),
        eq(leads.name, l.name),
        sameAs(leads.email, l.email),
        sameAs(leads.phone, l.phone),
        eq(leads.customFields, l.customFields),
        eq(leads.smsOptIn, l.smsOptIn),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
