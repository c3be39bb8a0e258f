import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import * as s from '../db/schema';
import { todayIn } from './dates';
import { signedIn, upload } from './requests';
import { sha256 } from '../platform/tokens';

/** Every string the seed writes carries this, so finding it in another business's answer means a leak. */
export const MARK = 'zq7alpha';
export const MARKED_CLIENT_EMAIL = 'alice.client@example.com';

export type TenantIds = Awaited<ReturnType<typeof seedTenantData>>;

/**
 * Gives a business data in every tenant table: clients and bookings through the API (so every derived
 * figure is real), including bookings dated today in the business's time zone so "this month" and
 * trend figures count them; the tables no route writes yet are filled directly. Add to it when a
 * feature adds a table.
 */
export async function seedTenantData(app: FastifyInstance, database: Database, business: { id: number; cookie: string }) {
  const db = database.db;
  const [{ timeZone }] = await db.select({ timeZone: s.businesses.timeZone }).from(s.businesses).where(eq(s.businesses.id, business.id));
  const today = await todayIn(database, timeZone);
  const send = async (url: string, payload: unknown) => {
    const res = await signedIn(app, business.cookie).post(url, payload as object);
    if (res.statusCode >= 300) throw new Error(`seed ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const alice = await send('/api/clients', { name: `Alice ${MARK}`, email: MARKED_CLIENT_EMAIL, phone: '4155550101', serviceDate: today, amount: 120 });
  await send('/api/clients', { name: `Alice ${MARK}`, email: MARKED_CLIENT_EMAIL, serviceDate: '2025-01-05', serviceType: `Deep Clean ${MARK}`, amount: 80 });
  const csv = ['Client Name,Client Email,Service Date,Amount Charged', `Carol ${MARK},carol.${MARK}@example.com,${today},95`, `Dan ${MARK},dan.${MARK}@example.com,2025-03-01,60`].join('\n');
  const up = await upload(app, business.cookie, `clients-${MARK}.csv`, csv);
  if (up.statusCode !== 200) throw new Error(`seed upload: ${up.statusCode} ${up.body}`);
  const clientId: number = alice.client.id;

  const one = async <T>(rows: Promise<T[]>) => (await rows)[0];
  const businessId = business.id;
  const friend = await one(
    db
      .insert(s.clients)
      .values({ businessId, name: `Friend ${MARK}`, email: `friend.${MARK}@example.com`, referralCode: `FRIEND-${MARK}`, referredBy: alice.client.referralCode, isReferredClient: true })
      .returning({ id: s.clients.id }),
  );
  const referral = await one(
    db
      .insert(s.referrals)
      .values({
        businessId,
        referrerCode: alice.client.referralCode,
        referrerClientId: clientId,
        refereeName: `Friend ${MARK}`,
        refereePhone: '+14155550102',
        converted: true,
        convertedAt: new Date(),
        convertedClientId: friend.id,
      })
      .returning({ id: s.referrals.id }),
  );
  await db.insert(s.bookings).values({ businessId, clientId: friend.id, serviceDate: today, serviceType: `Referral Clean ${MARK}`, status: 'completed', amountCharged: '150.00' });
  // an e-mail Alice had before an edit (docs/clients-api.md, "Editing a client")
  await db.insert(s.clientPreviousContacts).values({ businessId, clientId, kind: 'email', value: `alice.old.${MARK}@example.com` });
  const reward = await one(db.insert(s.referralRewards).values({ businessId, referralId: referral.id, rewardAmount: `$25 ${MARK}` }).returning({ id: s.referralRewards.id }));
  const form = await one(
    db
      .insert(s.forms)
      .values({ businessId, name: `Quote form ${MARK}`, fields: [{ id: 'name', type: 'text', label: 'Name', required: true }], embedToken: `form-${MARK}-${businessId}` })
      .returning({ id: s.forms.id, embedToken: s.forms.embedToken }),
  );
  const lead = await one(
    db
      .insert(s.leads)
      .values({ businessId, name: `Lead ${MARK}`, email: 'lead@example.com', source: 'form', formId: form.id, referrerCode: alice.client.referralCode })
      .returning({ id: s.leads.id }),
  );
  const leadCommunication = await one(
    db.insert(s.leadCommunications).values({ businessId, leadId: lead.id, type: 'sms', direction: 'outbound', content: `Hello ${MARK}` }).returning({ id: s.leadCommunications.id }),
  );
  const leadConsent = await one(
    db
      .insert(s.leadConsents)
      .values({ businessId, leadId: lead.id, formId: form.id, phone: '+14155550104', consentText: `Yes, text me ${MARK}`, ip: '10.0.0.1', userAgent: `Agent ${MARK}`, pageUrl: `https://${MARK}.example/quote` })
      .returning({ id: s.leadConsents.id }),
  );
  const smsMessage = await one(
    db
      .insert(s.smsMessages)
      .values({ businessId, clientId, direction: 'inbound', fromNumber: '+14155550101', toNumber: '+15005550006', messageBody: `Reply ${MARK}`, twilioSid: `SM${MARK}1${businessId}` })
      .returning({ id: s.smsMessages.id }),
  );
  // A lead's text (no client): the lead conversations and the lead's communications read it.
  await db.insert(s.smsMessages).values({ businessId, leadId: lead.id, direction: 'inbound', fromNumber: '+14155550105', toNumber: '+15005550006', messageBody: `Lead reply ${MARK}`, twilioSid: `SM${MARK}3${businessId}` });
  const smsLog = await one(
    db.insert(s.smsLogs).values({ businessId, clientId, phoneNumber: '+14155550101', messageType: 'thank_you', messageContent: `Thanks ${MARK}` }).returning({ id: s.smsLogs.id }),
  );
  const activity = await one(
    db
      .insert(s.activityLogs)
      .values({ businessId, type: 'sms_sent', description: `Sent ${MARK}`, metadata: { client_id: clientId, client_name: `Alice ${MARK}` } })
      .returning({ id: s.activityLogs.id }),
  );
  const webhookLog = await one(db.insert(s.webhookLogs).values({ businessId, status: 'success', payload: { client_name: `Alice ${MARK}` } }).returning({ id: s.webhookLogs.id }));
  const replyContext = await one(
    db
      .insert(s.smsReplyContext)
      .values({ businessId, clientId, clientPhone: '+14155550101', expiresAt: new Date(Date.now() + 86400_000) })
      .returning({ id: s.smsReplyContext.id }),
  );
  await db.update(s.outreachSettings).set({ referralDiscount: `$25 ${MARK}` }).where(eq(s.outreachSettings.businessId, businessId));
  const optOut = await one(
    db.insert(s.smsOptOuts).values({ businessId, phone: '+14155550103', optedOut: true, source: 'keyword', detail: `STOP ${MARK}` }).returning({ id: s.smsOptOuts.id }),
  );
  const optOutLog = await one(
    db.insert(s.smsOptOutLog).values({ businessId, phone: '+14155550103', optedOut: true, source: 'keyword', detail: `STOP ${MARK}` }).returning({ id: s.smsOptOutLog.id }),
  );
  const bulkBatch = await one(db.insert(s.smsBulkBatches).values({ businessId, message: `Bulk ${MARK}`, total: 1 }).returning({ id: s.smsBulkBatches.id }));
  const outbox = await one(
    db
      .insert(s.smsOutbox)
      .values({ businessId, clientId, batchId: bulkBatch.id, kind: 'bulk', key: `bulk:${bulkBatch.id}:${clientId}`, body: `Bulk ${MARK}`, status: 'failed', reason: `Failed ${MARK}` })
      .returning({ id: s.smsOutbox.id }),
  );
  const teammate = await one(
    db
      .insert(s.people)
      .values({ businessId, email: `teammate-${businessId}.${MARK}@example.com`, name: `Teammate ${MARK}`, passwordHash: 'not a hash', role: 'staff' })
      .returning({ id: s.people.id }),
  );
  // The teammate signed in: a session of another person, which no one else may end (docs/accounts.md).
  const session = await one(
    db
      .insert(s.sessions)
      .values({ businessId, personId: teammate.id, id: sha256(`session-${businessId}-${MARK}`), userAgent: `Agent ${MARK}`, expiresAt: new Date(Date.now() + 86400_000) })
      .returning({ id: s.sessions.id }),
  );
  const invitation = await one(
    db
      .insert(s.invitations)
      .values({ businessId, email: `invitee-${businessId}.${MARK}@example.com`, role: 'manager', token: `invitation-${businessId}-${MARK}`, expiresAt: new Date(Date.now() + 86400_000) })
      .returning({ id: s.invitations.id }),
  );
  // An entry of the activity record (Settings → Team → Activity), naming a client of this business.
  await db.insert(s.activityRecords).values({ businessId, personName: `Owner ${MARK}`, kind: 'client_edited', summary: `Edited Alice ${MARK}'s notes`, objectType: 'client', objectId: clientId });
  // A review request with its short link's token (docs/reviews.md): 128 random bits, hex.
  const reviewToken = `${businessId.toString(16).padStart(8, '0')}${'ab'.repeat(12)}`;
  const reviewRequest = await one(
    db.insert(s.reviewRequests).values({ businessId, clientId, token: reviewToken, requestKey: `review:${MARK}`, sentAt: new Date() }).returning({ id: s.reviewRequests.id }),
  );
  return {
    today,
    teammate: teammate.id,
    session: session.id,
    invitation: invitation.id,
    client: clientId,
    reviewToken,
    reviewRequest: reviewRequest.id,
    bulkBatch: bulkBatch.id,
    outbox: outbox.id,
    referredClient: friend.id,
    referral: referral.id,
    reward: reward.id,
    form: form.id,
    formToken: form.embedToken,
    lead: lead.id,
    leadCommunication: leadCommunication.id,
    leadConsent: leadConsent.id,
    smsMessage: smsMessage.id,
    smsLog: smsLog.id,
    activity: activity.id,
    webhookLog: webhookLog.id,
    replyContext: replyContext.id,
    optOut: optOut.id,
    optOutLog: optOutLog.id,
  };
}

/**
 * A digest of every row per tenant table (found from the catalogue, so new tables count): of one business,
 * or of all of them when businessId is null. Sessions are left out (they slide when used).
 */
export async function tenantSnapshot(database: Database, businessId: number | null, skip: string[] = []): Promise<Record<string, string>> {
  const tables = [...(await tenantTables(database)), 'businesses'].filter((t) => t !== 'sessions' && !skip.includes(t));
  const where = (t: string) => (businessId === null ? '' : t === 'businesses' ? ' where id = $1' : ' where business_id = $1');
  const sql = tables
    .map((t) => `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x${where(t)}`)
    .join(' union all ');
  const rows = await database.query<{ t: string; h: string }>(sql, businessId === null ? [] : [businessId]);
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** Every table with a business_id column. */
export async function tenantTables(database: Database): Promise<string[]> {
  const rows = await database.query<{ table_name: string }>(
    `select distinct c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.column_name = 'business_id' order by c.table_name`,
  );
  return rows.map((r) => r.table_name);
}

/**
 * Counts every row written to a tenant table (and businesses) from now on, by a row trigger that
 * records the table's name in a test-only table; a rolled-back write leaves no count. Sessions are left
 * out (they slide when used). Cheap enough to read after every request.
 */
export async function installWriteCounter(database: Database): Promise<{ writes(skip?: string[]): Promise<string[]> }> {
  const tables = [...(await tenantTables(database)), 'businesses'].filter((t) => t !== 'sessions');
  await database.query('create table test_row_writes (id serial primary key, table_name text not null)');
  await database.query(
    `create function test_count_row_write() returns trigger language plpgsql as $$
       begin insert into test_row_writes (table_name) values (TG_TABLE_NAME); return null; end $$`,
  );
  for (const t of tables) {
    await database.query(`create trigger test_count_row_write after insert or update or delete on "${t}" for each row execute function test_count_row_write()`);
  }
  let seen = 0;
  return {
    /** The tables written since the last call (repeated once per row), leaving out `skip`. */
    async writes(skip: string[] = []) {
      const rows = await database.query<{ id: number; table_name: string }>('select id, table_name from test_row_writes where id > $1 order by id', [seen]);
      if (rows.length) seen = rows[rows.length - 1].id;
      return rows.map((r) => r.table_name).filter((t) => !skip.includes(t));
    },
  };
}
