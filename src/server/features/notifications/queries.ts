import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/client';
import { businesses } from '../../db/schema';
import type { NotificationSettings, NotifyEmail } from '../../../shared/schemas/notifications';

// The SQL of the owner's notifications (docs/settings.md, "Notifications").

const SETTINGS = { email: businesses.notifyEmail, phone: businesses.notifyPhone };
const settingsOf = (r: { email: string; phone: string | null }): NotificationSettings => ({ email: r.email as NotifyEmail, phone: r.phone });

export async function selectSettings(tx: Tx, businessId: number): Promise<NotificationSettings | null> {
  const [r] = await tx.select(SETTINGS).from(businesses).where(eq(businesses.id, businessId));
  return r ? settingsOf(r) : null;
}

export async function updateSettings(tx: Tx, businessId: number, s: NotificationSettings): Promise<NotificationSettings> {
  // A digest starts from the moment it is chosen, not from the last one sent before.
  const digestFromNow =
    s.email === 'digest'
      ? sql`case when ${businesses.notifyEmail} <> 'digest' then now() else ${businesses.notifyDigestUntil} end`
      : undefined;
  const [r] = await tx
    .update(businesses)
    .set({ notifyEmail: s.email, notifyPhone: s.phone, notifyDigestUntil: digestFromNow })
    .where(eq(businesses.id, businessId))
    .returning(SETTINGS);
  return settingsOf(r);
}

export type Owner = { businessId: number; name: string; email: string; notifyEmail: NotifyEmail; notifyPhone: string | null; forwardingTo: string | null };

const OWNER = sql`b.id as business_id, b.name, b.email, b.notify_email, b.notify_phone,
  case when b.enable_forwarding then b.forwarding_number end as forwarding_to`;
const toOwner = (r: Record<string, any>): Owner => ({
  businessId: Number(r.business_id),
  name: r.name,
  email: r.email,
  notifyEmail: r.notify_email,
  notifyPhone: r.notify_phone ?? null,
  forwardingTo: r.forwarding_to ?? null,
});

/** What happened, with its business's owner: a lead, a referral claim or a text (by id). Null when it is gone. */
export async function selectEvent(
  tx: Tx,
  kind: 'lead' | 'claim' | 'reply',
  id: number,
): Promise<{ owner: Owner; row: Record<string, any> } | null> {
  const from =
    kind === 'lead'
      ? sql`select ${OWNER}, l.name as who, l.email as who_email, l.phone as who_phone, l.source, l.referrer_name, f.name as form_name, l.custom_fields as answers
          from leads l join businesses b on b.id = l.business_id left join forms f on f.id = l.form_id where l.id = ${id}`
      : kind === 'claim'
        ? sql`select ${OWNER}, r.referee_name as who, r.referee_email as who_email, r.referee_phone as who_phone, c.name as referrer_name
            from referrals r join businesses b on b.id = r.business_id left join clients c on c.id = r.referrer_client_id where r.id = ${id}`
        : sql`select ${OWNER}, coalesce(c.name, l.name) as who, coalesce(c.email, l.email) as who_email, m.from_number as who_phone, m.message_body, l.id as lead_id
            from sms_messages m join businesses b on b.id = m.business_id
            left join clients c on c.id = m.client_id left join leads l on l.id = m.lead_id where m.id = ${id}`;
  const [r] = rowsOf<Record<string, any>>(await tx.execute(from));
  return r ? { owner: toOwner(r), row: r } : null;
}

/** The businesses whose daily digest is due: digest chosen, 8 am or later in their zone, none sent yet today there. */
export async function selectDigestsDue(tx: Tx): Promise<(Owner & { since: Date })[]> {
  const b = businesses;
  const localNow = sql`now() at time zone ${b.timeZone}`;
  const rows = await tx
    .select({
      businessId: b.id,
      name: b.name,
      email: b.email,
      notifyEmail: b.notifyEmail,
      notifyPhone: b.notifyPhone,
      forwardingTo: sql<string | null>`case when ${b.enableForwarding} then ${b.forwardingNumber} end`,
      since: sql<string>`coalesce(${b.notifyDigestUntil}, now() - interval '1 day')`,
    })
    .from(b)
    .where(
      and(
        eq(b.notifyEmail, 'digest'),
        sql`extract(hour from ${localNow}) >= 8`,
        or(isNull(b.notifyDigestUntil), sql`(${b.notifyDigestUntil} at time zone ${b.timeZone})::date < (${localNow})::date`),
      ),
    )
    .orderBy(b.id);
  return rows.map((r) => ({ ...r, notifyEmail: r.notifyEmail as NotifyEmail, since: new Date(r.since) }));
}

/** What came in for the digest between `since` and `until`: new leads, claims and texts (not keywords, not the owner's). */
export async function selectDigest(tx: Tx, businessId: number, since: Date, until: Date) {
  const [r] = rowsOf<{ leads: number; claims: number; replies: number; lead_names: string[] | null; claim_names: string[] | null; reply_names: string[] | null }>(
    await tx.execute(sql`select
        (select count(*)::int from leads l where l.business_id = ${businessId} and l.created_at > ${since.toISOString()} and l.created_at <= ${until.toISOString()}) as leads,
        (select array_agg(x.name) from (select l.name from leads l where l.business_id = ${businessId} and l.created_at > ${since.toISOString()} and l.created_at <= ${until.toISOString()}
          order by l.created_at desc limit 10) x) as lead_names,
        (select count(*)::int from referrals r where r.business_id = ${businessId} and r.created_at > ${since.toISOString()} and r.created_at <= ${until.toISOString()}) as claims,
        (select array_agg(x.name) from (select r.referee_name as name from referrals r where r.business_id = ${businessId} and r.created_at > ${since.toISOString()} and r.created_at <= ${until.toISOString()}
          order by r.created_at desc limit 10) x) as claim_names,
        (select count(*)::int from sms_messages m where m.business_id = ${businessId} and m.direction = 'inbound' and m.message_type = 'reply'
          and m.timestamp > ${since.toISOString()} and m.timestamp <= ${until.toISOString()}) as replies,
        (select array_agg(x.name) from (select coalesce(c.name, l.name, m.from_number) as name from sms_messages m
            left join clients c on c.id = m.client_id left join leads l on l.id = m.lead_id
          where m.business_id = ${businessId} and m.direction = 'inbound' and m.message_type = 'reply'
            and m.timestamp > ${since.toISOString()} and m.timestamp <= ${until.toISOString()} order by m.timestamp desc limit 10) x) as reply_names`),
  );
  return { leads: r.leads, claims: r.claims, replies: r.replies, leadNames: r.lead_names ?? [], claimNames: r.claim_names ?? [], replyNames: r.reply_names ?? [] };
}

export async function markDigestSent(tx: Tx, businessId: number, until: Date) {
  await tx.update(businesses).set({ notifyDigestUntil: until }).where(eq(businesses.id, businessId));
}
