import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businesses } from '../../db/schema';
import { HttpError } from '../../platform/errors';
import { normalizePhone } from '../../../shared/phone';
import type { Client } from '../../../shared/schemas/clients';
import { clientOrNotFound, lockBusinessClients, recomputeClientStats } from '../clients/service';
import { convertBookedReferrals } from '../referral-conversion/service';
import { moveLeadTextsToClients } from '../sms/service';
import { afterBookingsRecorded, type BookingAutomationDeps, type DateRange, type RecentBooking, recentBookingRange } from '../sms/service';
import type { BookingRow, CancelledBookingRow } from './booking-row';
import { matchClients } from './match-clients';
import { fillPhones, groupByClient, insertBookings, insertNewClients } from './write-bookings';

// Recording bookings (docs/clients-api.md, "Recording bookings"): the upload, the webhook, Add Client and the demo
// seed all record through this one pipeline, whose steps run once each, in this order:
//   match clients -> write clients and bookings -> convert referrals -> derive client figures -> move lead texts
//   -> (committed) automated texts.
// The rows arrive parsed (the upload's file and the webhook's payload are read by the imports feature). No step
// calls back into this feature, and none derives figures itself: conversion answers the referrers it moved and
// the figures of every touched client are derived once, after it.

export type { BookingRow, CancelledBookingRow } from './booking-row';

/** What recording needs beyond the database: the queue for the automated texts new bookings bring. */
export type BookingDeps = BookingAutomationDeps;

/** Bookings to record: completed ones, and (an import's) cancelled and no-show ones kept for Insights. */
export type Recording = { rows: BookingRow[]; cancelled?: CancelledBookingRow[]; source: string };

export type RecordResult = {
  newClients: number;
  updatedClients: number;
  newBookings: number;
  duplicateBookings: number;
  /** The client id of each completed row, in order. */
  clientIds: number[];
  /** Bookings inserted now whose service date is within the automations' recent range. */
  recentBookings: RecentBooking[];
};

/**
 * Records bookings in one transaction together with what the caller keeps of them (`alongside`, in the same
 * transaction: the upload log, the webhook log, the client read back), then, once committed, queues the
 * automated texts of the recent new bookings.
 */
export async function recordBookings<T>(
  deps: BookingDeps,
  businessId: number,
  recording: Recording,
  alongside: (tx: Tx, recorded: RecordResult) => Promise<T>,
): Promise<RecordResult & { alongside: T }> {
  const recent = await recentBookingRange(deps.database, businessId);
  const recorded = await deps.database.db.transaction(async (tx) => {
    const r = await recordInTransaction(tx, businessId, recording, recent);
    return { ...r, alongside: await alongside(tx, r) };
  });
  // thank-you and review texts (docs/sms-automations.md); a failure is logged there, never thrown
  await afterBookingsRecorded(deps, businessId, recorded.recentBookings);
  return recorded;
}

/**
 * The pipeline's steps inside a transaction the caller holds (recordBookings; the demo seed, which sends no
 * texts). Set-based: a handful of statements whatever the number of rows.
 */
export async function recordInTransaction(tx: Tx, businessId: number, recording: Recording, recent?: DateRange): Promise<RecordResult> {
  const { rows, cancelled = [], source } = recording;
  if (rows.length === 0 && cancelled.length === 0) {
    return { newClients: 0, updatedClients: 0, newBookings: 0, duplicateBookings: 0, clientIds: [], recentBookings: [] };
  }
  // Imports, webhooks and Add Client of one business run one at a time: no racing duplicate clients.
  await lockBusinessClients(tx, businessId);
  // The statements below are cheap per row but, on statistics from before the file's rows, estimated to
  // cost millions: PostgreSQL would compile them with JIT first, which costs seconds on a large re-upload
  // (docs/benchmarks.md).
  await tx.execute(sql`set local jit = off`);

  const grouped = groupByClient(rows);
  const { updated, fillPhone } = await matchClients(tx, businessId, grouped.clients, grouped.emails, grouped.phones);
  // New clients are inserted with their figures, computed from their bookings in these rows (they have no
  // others), so the derivation below only rewrites clients that existed before.
  const referredNew = await insertNewClients(tx, businessId, grouped.clients.filter((c) => c.id === undefined));
  await fillPhones(tx, businessId, fillPhone);
  const clientIds = grouped.rowClient.map((c) => c.id!);
  // Completed bookings, then the cancelled and no-show ones of clients the business has (these rows' new ones included).
  const inserted = await insertBookings(tx, businessId, { rows, clientIds, cancelled }, source, recent);
  // Pending referrals whose friend now has a booking convert (docs/referrals.md); their referrers' figures move.
  const referrers = await convertBookedReferrals(tx, businessId, grouped.emails, grouped.phones);
  // No ANALYZE here: it serialised different businesses' imports; the derivation is fast without it.
  await recomputeClientStats(tx, businessId, [...new Set([...updated, ...referredNew, ...referrers])]);
  // A lead's texts follow it to the client that now has its phone (docs/sms-inbox.md, "Leads").
  if (rows.length > 0) await moveLeadTextsToClients(tx, businessId);
  return {
    newClients: grouped.clients.filter((c) => c.isNew).length,
    updatedClients: updated.size,
    newBookings: inserted.newBookings,
    duplicateBookings: rows.length - inserted.newBookings,
    clientIds,
    recentBookings: inserted.recentBookings,
  };
}

/** Add Client: the client (found by e-mail or created) and its completed booking, in one transaction. */
export async function addClient(
  deps: BookingDeps,
  businessId: number,
  input: { name: string; email: string; phone?: string | null; serviceDate: string; serviceType?: string | null; amount: number },
): Promise<Client> {
  let phone: string | null = null;
  if (input.phone) {
    phone = normalizePhone(input.phone);
    if (!phone) throw new HttpError(400, 'Please enter a valid phone number');
  }
  const row: BookingRow = {
    name: input.name,
    email: input.email,
    phone,
    serviceDate: input.serviceDate,
    serviceType: input.serviceType || null,
    amount: input.amount,
  };
  if (row.serviceDate > (await latestServiceDate(deps.database.db, businessId))) throw new HttpError(400, FUTURE_SERVICE_DATE_MESSAGE);
  const recorded = await recordBookings(deps, businessId, { rows: [row], source: 'manual' }, (tx, r) => clientOrNotFound(tx, businessId, r.clientIds[0]));
  return recorded.alongside;
}

/** Days after today (in the business's time zone) a service date may still be: slack for time zones. */
export const FUTURE_DATE_SLACK_DAYS = 1;

export const FUTURE_SERVICE_DATE_MESSAGE = "The service date can't be in the future";

/**
 * The latest service date a business accepts ('YYYY-MM-DD'): today in its time zone plus a day of slack.
 * Imports, the webhook and Add Client record completed jobs only (docs/clients-api.md).
 */
export async function latestServiceDate(tx: Tx, businessId: number): Promise<string> {
  const b = businesses;
  const [row] = await tx
    .select({ d: sql<string>`to_char((now() at time zone ${b.timeZone})::date + ${FUTURE_DATE_SLACK_DAYS}::int, 'YYYY-MM-DD')` })
    .from(b)
    .where(eq(b.id, businessId));
  // A business always exists for a signed-in request; fall back to UTC so a rule never goes missing.
  if (row) return row.d;
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + FUTURE_DATE_SLACK_DAYS);
  return d.toISOString().slice(0, 10);
}
