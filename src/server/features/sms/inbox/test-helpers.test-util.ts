import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { businesses, outreachSettings } from '../../../db/schema';
import { twilioSignature } from '../../../providers/sms/signature';
import { SIMULATOR_AUTH_TOKEN } from '../../../providers/sms/simulator';
import { createBusiness, type TestBusiness } from '../../../testing/factories';
import { addClient as addClientThroughApi } from '../../../testing/clients';

// Helpers of the inbox tests: a business with a number, its clients, and signed webhook calls.

export const APP_URL = 'http://localhost:3000';

export type InboxBusiness = TestBusiness & { number: string };

/** A business that owns `number` (as part A's set-up stores it), forwarding as given. */
export async function businessWithNumber(
  database: Database,
  number: string,
  extra: { name?: string; forwardingNumber?: string | null; enableForwarding?: boolean } = {},
): Promise<InboxBusiness> {
  const b = await createBusiness(database, {
    name: extra.name ?? `Sparkle ${number.slice(-4)}`,
    selectedPhoneNumber: number,
    twilioNumbers: [number],
    forwardingNumber: extra.forwardingNumber ?? null,
    enableForwarding: extra.enableForwarding ?? false,
  });
  await database.db.update(outreachSettings).set({ twilioPhone: number }).where(eq(outreachSettings.businessId, b.id));
  await database.db.update(businesses).set({ selectedPhoneNumber: number }).where(eq(businesses.id, b.id));
  return { ...b, number };
}

/** A client added through the API; its id. */
export const addClient = async (app: FastifyInstance, b: TestBusiness, name: string, phone: string | null) => (await addClientThroughApi(app, b, name, phone)).id;

let sidSeq = 0;
export const nextSid = () => `SMtest${String((sidSeq += 1)).padStart(8, '0')}${Math.random().toString(16).slice(2, 10)}`;

/** POSTs a form to a webhook, signed with `token` over APP_URL + url (Twilio's scheme) unless `signature` is given. */
export async function postSigned(
  app: FastifyInstance,
  url: string,
  params: Record<string, string>,
  opts: { token?: string; signature?: string | null; signedUrl?: string } = {},
) {
  const signature = opts.signature === undefined ? twilioSignature(opts.token ?? SIMULATOR_AUTH_TOKEN, opts.signedUrl ?? `${APP_URL}${url}`, params) : opts.signature;
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
    payload: new URLSearchParams(params).toString(),
  });
}

/** A client's text to the business, as Twilio posts it. */
export function textFrom(from: string, to: string, body: string, sid = nextSid()) {
  return { MessageSid: sid, SmsSid: sid, AccountSid: 'ACtest', From: from, To: to, Body: body, NumMedia: '0' };
}

export async function count(database: Database, table: string, where = 'true', values: unknown[] = []): Promise<number> {
  const [r] = await database.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, values);
  return Number(r.n);
}
