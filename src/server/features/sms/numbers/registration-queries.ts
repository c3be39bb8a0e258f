import { and, eq, isNotNull, lt, ne, or, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import { businesses, smsProviderResources, smsRegistrations, type ProviderResourceKind } from '../../../db/schema';

// SQL of the A2P registration (docs/sms-registration.md). Every statement filters by business_id, but for
// `otherHolder`, which asks whether a provider sid is another business's ("Ownership").

export type RegistrationRow = typeof smsRegistrations.$inferSelect;
export type RegistrationChange = Partial<Omit<typeof smsRegistrations.$inferInsert, 'businessId'>>;

export async function selectRegistration(tx: Tx, businessId: number): Promise<RegistrationRow | null> {
  const [row] = await tx.select().from(smsRegistrations).where(eq(smsRegistrations.businessId, businessId));
  return row ?? null;
}

/** A row to lock for a first submission too, so two first submissions at once queue behind one another. */
export async function ensureRegistration(tx: Tx, businessId: number): Promise<void> {
  await tx.insert(smsRegistrations).values({ businessId }).onConflictDoNothing({ target: smsRegistrations.businessId });
}

/** The row, locked until the transaction ends: one submission or check of a business at a time. */
export async function lockRegistration(tx: Tx, businessId: number): Promise<RegistrationRow | null> {
  const [row] = await tx.select().from(smsRegistrations).where(eq(smsRegistrations.businessId, businessId)).for('update');
  return row ?? null;
}

/**
 * Takes the registration for one check (a minute at most): the provider is called outside any transaction,
 * so this is what keeps the status job and a screen's read from submitting the same step twice.
 */
export async function claimRegistration(tx: Tx, businessId: number): Promise<RegistrationRow | null> {
  const [row] = await tx
    .update(smsRegistrations)
    .set({ claimedUntil: sql`now() + interval '60 seconds'` })
    .where(and(eq(smsRegistrations.businessId, businessId), or(isNull(smsRegistrations.claimedUntil), lt(smsRegistrations.claimedUntil, sql`now()`))))
    .returning();
  return row ?? null;
}

export async function releaseRegistration(tx: Tx, businessId: number): Promise<void> {
  await tx.update(smsRegistrations).set({ claimedUntil: null }).where(eq(smsRegistrations.businessId, businessId));
}

export async function upsertRegistration(tx: Tx, businessId: number, change: RegistrationChange): Promise<void> {
  const set = { ...change, updatedAt: new Date() };
  await tx.insert(smsRegistrations).values({ businessId, ...set }).onConflictDoUpdate({ target: smsRegistrations.businessId, set });
}

export async function updateRegistration(tx: Tx, businessId: number, change: RegistrationChange): Promise<void> {
  await tx.update(smsRegistrations).set({ ...change, updatedAt: new Date() }).where(eq(smsRegistrations.businessId, businessId));
}

/** The business's name, its number and the provider's sid of the number (a campaign puts it in the messaging service). */
export async function selectBusinessForRegistration(tx: Tx, businessId: number) {
  const [row] = await tx
    .select({ name: businesses.name, number: businesses.selectedPhoneNumber, numberSid: businesses.twilioSid })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row ?? null;
}

/** Businesses whose registration is still under review, least recently checked first (the status job). */
export async function selectInReview(tx: Tx, checkedBefore: Date, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ businessId: smsRegistrations.businessId })
    .from(smsRegistrations)
    .where(
      and(
        ne(smsRegistrations.campaignStatus, 'approved'),
        // A failed step waits for the owner's fix: nothing to ask Twilio until then.
        ne(smsRegistrations.profileStatus, 'failed'),
        ne(smsRegistrations.brandStatus, 'failed'),
        ne(smsRegistrations.campaignStatus, 'failed'),
        isNotNull(smsRegistrations.submittedAt),
        or(isNull(smsRegistrations.checkedAt), lt(smsRegistrations.checkedAt, checkedBefore)),
      ),
    )
    .orderBy(sql`${smsRegistrations.checkedAt} asc nulls first`)
    .limit(limit);
  return rows.map((r) => r.businessId);
}

/**
 * Whether a provider sid is held by a business other than this one, or was made for a business since deleted:
 * in the ownership record, or on another business's registration row.
 */
export async function otherHolder(tx: Tx, businessId: number, sid: string): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`
    select 1 as one from ${smsProviderResources} where ${smsProviderResources.sid} = ${sid} and ${smsProviderResources.businessId} is distinct from ${businessId}
    union all
    select 1 from ${smsRegistrations} where ${smsRegistrations.businessId} <> ${businessId}
      and ${sid} in (${smsRegistrations.serviceSid}, ${smsRegistrations.brandSid}, ${smsRegistrations.profileSid}, ${smsRegistrations.trustProductSid}, ${smsRegistrations.campaignSid})
    limit 1`),
  );
  return rows.length > 0;
}

/**
 * Records provider sids as this business's. A sid already recorded keeps its holder; answers the sids this call
 * recorded (a caller that claimed a sid gives it back with `forgetResource` when it is not used after all).
 */
export async function recordResources(tx: Tx, businessId: number, resources: { sid: string; kind: ProviderResourceKind }[]): Promise<string[]> {
  if (resources.length === 0) return [];
  const rows = await tx
    .insert(smsProviderResources)
    .values(resources.map((r) => ({ ...r, businessId })))
    .onConflictDoNothing({ target: smsProviderResources.sid })
    .returning({ sid: smsProviderResources.sid });
  return rows.map((r) => r.sid);
}

export async function forgetResource(tx: Tx, businessId: number, sid: string): Promise<void> {
  await tx.delete(smsProviderResources).where(and(eq(smsProviderResources.sid, sid), eq(smsProviderResources.businessId, businessId)));
}
