import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import type { AutoMessageSettings, CustomMessages } from '../../db/schema/messaging';

// SQL of the SMS feature. Every statement filters by business_id (ARCHITECTURE.md, "Tenancy").

export type SenderRow = {
  name: string;
  /** The business's SMS number: businesses.selected_phone_number, else outreach_settings.twilio_phone, else the first bought. */
  number: string | null;
  referralDiscount: string;
  googleReviewLink: string | null;
  customMessages: CustomMessages | null;
};

export async function selectSender(tx: Tx, businessId: number): Promise<SenderRow | null> {
  const [row] = rowsOf<{
    name: string;
    number: string | null;
    referral_discount: string | null;
    google_review_link: string | null;
    custom_messages: CustomMessages | null;
  }>(
    await tx.execute(sql`
      select b.name,
        coalesce(b.selected_phone_number, o.twilio_phone, b.twilio_numbers->>0) as number,
        o.referral_discount, coalesce(o.google_review_link, b.google_review_link) as google_review_link, o.custom_messages
      from businesses b left join outreach_settings o on o.business_id = b.id
      where b.id = ${businessId}`),
  );
  if (!row) return null;
  return {
    name: row.name,
    number: row.number,
    referralDiscount: row.referral_discount ?? '$25',
    googleReviewLink: row.google_review_link,
    customMessages: row.custom_messages,
  };
}

export type RecipientRow = { id: number; name: string; phone: string | null; referralCode: string };

export async function selectRecipient(tx: Tx, businessId: number, clientId: number): Promise<RecipientRow | null> {
  const [row] = rowsOf<{ id: number; name: string; phone: string | null; referral_code: string }>(
    await tx.execute(sql`select id, name, phone, referral_code from clients where business_id = ${businessId} and id = ${clientId}`),
  );
  return row ? { id: row.id, name: row.name, phone: row.phone, referralCode: row.referral_code } : null;
}

/**
 * A thank-you or gift text the provider took keeps, on the client, when it was last thanked or gifted
 * (and a thank-you sets thankYouSent), whatever sent it: the dialogs, an automation, a job (docs/sms.md).
 */
export async function stampClientText(tx: Tx, businessId: number, clientId: number, messageType: string): Promise<void> {
  if (messageType === 'thankYou') {
    await tx.execute(sql`update clients set last_thanked_at = greatest(last_thanked_at, now()), thank_you_sent = true
      where id = ${clientId} and business_id = ${businessId}`);
  } else if (messageType === 'gift') {
    await tx.execute(sql`update clients set last_gifted_at = greatest(last_gifted_at, now()) where id = ${clientId} and business_id = ${businessId}`);
  }
}

export type OutboundRow = {
  clientId: number | null;
  from: string;
  to: string;
  body: string;
  messageType: string;
};

/** The message as it is handed to the provider: status 'pending', no sid yet. Its id. */
export async function insertOutbound(tx: Tx, businessId: number, m: OutboundRow): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into sms_messages (business_id, client_id, direction, from_number, to_number, message_body, message_type, status, is_read)
      values (${businessId}, ${m.clientId}, 'outbound', ${m.from}, ${m.to}, ${m.body}, ${m.messageType}, 'pending', true)
      returning id`),
  );
  return row.id;
}

export async function finishOutbound(tx: Tx, businessId: number, id: number, result: { sid: string | null; status: string; errorCode?: number | null }) {
  await tx.execute(sql`update sms_messages set twilio_sid = ${result.sid}, status = ${result.status}, error_code = ${result.errorCode ?? null}
    where id = ${id} and business_id = ${businessId}`);
}

export async function insertSmsLog(
  tx: Tx,
  businessId: number,
  m: { clientId: number | null; phone: string; messageType: string; content: string; status: string; sid: string | null },
) {
  await tx.execute(sql`insert into sms_logs (business_id, client_id, phone_number, message_type, message_content, status, twilio_sid)
    values (${businessId}, ${m.clientId}, ${m.phone}, ${m.messageType}, ${m.content}, ${m.status}, ${m.sid})`);
}

/** Outbound texts the provider accepted (it gave a sid), unless it later reported them failed or canceled: the free allowance. */
export async function countSent(tx: Tx, businessId: number): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`select count(*) as n from sms_messages
      where business_id = ${businessId} and direction = 'outbound'
        and twilio_sid is not null and status not in ('failed', 'canceled')`),
  );
  return Number(row?.n ?? 0);
}

/** The business row locked for a number change (two purchases at once buy one number). */
export async function lockBusinessNumber(tx: Tx, businessId: number): Promise<{ number: string | null } | null> {
  const [row] = rowsOf<{ number: string | null }>(
    await tx.execute(sql`select selected_phone_number as number from businesses where id = ${businessId} for update`),
  );
  return row ?? null;
}

/** The bought number becomes the business's number everywhere the spec reads it; false (nothing kept) when another business owns it. */
export async function saveBusinessNumber(
  tx: Tx,
  businessId: number,
  n: { phoneNumber: string; sid: string; areaCode?: string | null; zip?: string | null },
): Promise<boolean> {
  if (!(await claimNumber(tx, businessId, n.phoneNumber))) return false;
  await tx.execute(sql`update businesses set selected_phone_number = ${n.phoneNumber}, twilio_sid = ${n.sid},
      twilio_numbers = coalesce(twilio_numbers, '[]'::jsonb) || ${JSON.stringify([n.phoneNumber])}::jsonb,
      preferred_area_code = coalesce(${n.areaCode ?? null}, preferred_area_code),
      business_zip_code = coalesce(${n.zip ?? null}, business_zip_code)
    where id = ${businessId}`);
  await tx.execute(sql`insert into outreach_settings (business_id, twilio_phone) values (${businessId}, ${n.phoneNumber})
    on conflict (business_id) do update set twilio_phone = excluded.twilio_phone, updated_at = now()`);
  return true;
}

/**
 * Records the number as the business's in business_numbers, the table inbound texts are routed by. The
 * number is its key: when another business holds it already, nothing is written and false is returned.
 */
export async function claimNumber(tx: Tx, businessId: number, phoneNumber: string): Promise<boolean> {
  const [row] = rowsOf<{ business_id: number }>(
    await tx.execute(sql`insert into business_numbers (number, business_id) values (${phoneNumber}, ${businessId})
      on conflict (number) do update set business_id = business_numbers.business_id
      returning business_id`),
  );
  return Number(row.business_id) === businessId;
}

export async function saveForwarding(
  tx: Tx,
  businessId: number,
  f: { forwardingNumber: string | null; enableForwarding: boolean; areaCode?: string | null; zip?: string | null },
) {
  await tx.execute(sql`update businesses set forwarding_number = ${f.forwardingNumber}, enable_forwarding = ${f.enableForwarding},
      preferred_area_code = coalesce(${f.areaCode ?? null}, preferred_area_code),
      business_zip_code = coalesce(${f.zip ?? null}, business_zip_code)
    where id = ${businessId}`);
}

export type OutreachRow = {
  twilio_phone: string | null;
  referral_discount: string;
  google_review_link: string | null;
  custom_messages: CustomMessages | null;
  auto_message_settings: AutoMessageSettings | null;
  business_review_link: string | null;
  business_number: string | null;
};

export async function selectOutreach(tx: Tx, businessId: number): Promise<OutreachRow | null> {
  const [row] = rowsOf<OutreachRow>(
    await tx.execute(sql`select o.twilio_phone, o.referral_discount, o.google_review_link, o.custom_messages, o.auto_message_settings,
        b.google_review_link as business_review_link, b.selected_phone_number as business_number
      from businesses b left join outreach_settings o on o.business_id = b.id
      where b.id = ${businessId}`),
  );
  return row ?? null;
}

export async function upsertOutreach(
  tx: Tx,
  businessId: number,
  s: { referralDiscount: string; googleReviewLink: string | null; customMessages: CustomMessages; autoMessageSettings: AutoMessageSettings },
) {
  // One statement: the business row keeps the same review link (one value for both settings paths, docs/settings.md).
  await tx.execute(sql`with b as (update businesses set google_review_link = ${s.googleReviewLink} where id = ${businessId} returning id)
    insert into outreach_settings (business_id, referral_discount, google_review_link, custom_messages, auto_message_settings)
    select b.id, ${s.referralDiscount}, ${s.googleReviewLink}, ${JSON.stringify(s.customMessages)}::jsonb, ${JSON.stringify(s.autoMessageSettings)}::jsonb from b
    on conflict (business_id) do update set referral_discount = excluded.referral_discount, google_review_link = excluded.google_review_link,
      custom_messages = excluded.custom_messages, auto_message_settings = excluded.auto_message_settings, updated_at = now()`);
}

/**
 * Which of these numbers another business already has. Numbers are unique across businesses (an inbound
 * text is routed by the number it was sent to), so this one read looks past the tenant: it answers only
 * which numbers are taken, never by whom.
 */
export async function selectTakenNumbers(tx: Tx, businessId: number, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = rowsOf<{ number: string }>(
    await tx.execute(sql`select number from business_numbers
      where business_id <> ${businessId} and number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`),
  );
  return new Set(rows.map((r) => r.number));
}

/** Serialises purchases of one number across businesses until the transaction ends (two owners, one number). */
export async function lockNumber(tx: Tx, phoneNumber: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7302, hashtext(${phoneNumber}))`);
}
