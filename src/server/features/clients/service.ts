import type { Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import { giftLabel, giftMessage, type Client, type ClientPage, type SendGiftInput } from '../../../shared/schemas/clients';
import type { ClientSort } from '../../../shared/constants';
import * as q from './queries';
import { toCsv } from './export-csv';
import { sendOrSchedule, type TapContext, type TapResult } from '../sms/service';

export { figuresOfStream, recomputeClientStats } from './recompute';
export { lockBusinessClients } from './business-lock';
export { generateReferralCode } from './referral-code';
export { FUTURE_SERVICE_DATE_MESSAGE, latestServiceDate } from './service-dates';

/** One client of the business as the API answers it, or null. */
export const clientById = (db: Tx, businessId: number, clientId: number) => q.selectClientById(db, businessId, clientId);

/** GET /api/clients without `page` answers at most this many, in the asked order and search (docs/clients-api.md). */
export const UNPAGED_CLIENT_LIMIT = 1000;
/** A client counts as new in the sidebar badge for this many days after it was created. */
export const NEW_CLIENT_DAYS = 7;

export async function listClientsUnpaged(db: Tx, businessId: number, opts: { search?: string; sort: ClientSort }): Promise<Client[]> {
  const page = await q.selectClientsPage(db, businessId, { sort: opts.sort, limit: UNPAGED_CLIENT_LIMIT, offset: 0, search: opts.search || undefined });
  return page.clients;
}

export async function listClientsPage(
  db: Tx,
  businessId: number,
  opts: { page: number; pageSize: number; search?: string; sort: ClientSort },
): Promise<ClientPage> {
  const search = opts.search || undefined;
  const { clients, ...counted } = await q.selectClientsPage(db, businessId, {
    sort: opts.sort,
    limit: opts.pageSize,
    offset: (opts.page - 1) * opts.pageSize,
    search,
  });
  return { clients, ...counted, page: opts.page, pageSize: opts.pageSize };
}

export const countNewClients = (db: Tx, businessId: number) => q.countNewClients(db, businessId, NEW_CLIENT_DAYS);
export const topClients = (db: Tx, businessId: number, limit: number) => q.selectTopClients(db, businessId, limit);
export const loyaltyDistribution = (db: Tx, businessId: number) => q.selectLoyaltyDistribution(db, businessId);
export const dashboardStats = (db: Tx, businessId: number) => q.selectDashboardStats(db, businessId);
export const bookingTrends = (db: Tx, businessId: number, days: number) => q.selectBookingTrends(db, businessId, days);

/**
 * Send Gift: texts the client the gift and, once the provider took the text, records the reward on the
 * client (hasReward, rewardEarned: the send service, with the text) and the activity, in one transaction. At a
 * closed hour for the client it is queued for their hours and recorded when it goes (`scheduled`). When no
 * text goes out (no business number, no valid phone, opted out, provider failure) nothing is recorded and the
 * answer says so.
 */
export async function sendGift(
  ctx: TapContext,
  businessId: number,
  input: { clientId: number; giftType: SendGiftInput['giftType']; amount: number },
): Promise<ClientSend> {
  const label = giftLabel(input.giftType, input.amount);
  let client: Client | null = null;
  const result = await notRecordedUnlessSent('The gift was not recorded.', () =>
    sendOrSchedule(ctx, {
      businessId,
      clientId: input.clientId,
      body: giftMessage(label),
      messageType: 'gift',
      reward: label,
      ownerTap: true,
      activity: {
        type: 'gift_sent',
        description: (name) => `${label} sent to ${name}`,
        metadata: { gift_type: input.giftType, amount: input.amount, reward: label },
      },
      onSent: async (tx) => {
        client = await clientOrNotFound(tx, businessId, input.clientId);
      },
    }),
  );
  return { client: client ?? (await clientOrNotFound(ctx.database.db, businessId, input.clientId)), ...result };
}

/** Send Thanks: texts the owner's message; once the provider took it, sets thankYouSent (same transaction as the record). Queued like a gift at a closed hour. */
export async function sendThanks(ctx: TapContext, businessId: number, input: { clientId: number; message: string }): Promise<ClientSend> {
  let client: Client | null = null;
  const result = await sendOrSchedule(ctx, {
    businessId,
    clientId: input.clientId,
    body: input.message,
    messageType: 'thankYou',
    ownerTap: true,
    activity: { type: 'thank_you_sent', description: (name) => `Thank-you message sent to ${name}` },
    onSent: async (tx) => {
      if (!(await q.markThanked(tx, businessId, input.clientId))) throw new HttpError(404, 'Client not found');
      client = await q.selectClientById(tx, businessId, input.clientId);
    },
  });
  return { client: client ?? (await clientOrNotFound(ctx.database.db, businessId, input.clientId)), ...result };
}

type ClientSend = TapResult & { client: Client };

async function clientOrNotFound(tx: Tx, businessId: number, clientId: number): Promise<Client> {
  const client = await q.selectClientById(tx, businessId, clientId);
  if (!client) throw new HttpError(404, 'Client not found');
  return client;
}

/** A refusal of the send service, with what else did not happen. */
async function notRecordedUnlessSent<T>(also: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof HttpError && error.status !== 404) throw new HttpError(error.status, `${error.message} ${also}`);
    throw error;
  }
}

export async function exportClientsCsv(db: Tx, businessId: number): Promise<string> {
  return toCsv(await q.selectExportRows(db, businessId));
}

