import type { Database, Tx } from '../../db/client';
import { HttpError, isUniqueViolation } from '../../platform/errors';
import {
  CLIENT_CONTACT_REQUIRED,
  CLIENT_DETAIL_BOOKINGS_LIMIT,
  CLIENT_EMAIL_TAKEN,
  CLIENT_NOT_FOUND,
  type ClientDeleted,
  type ClientDetail,
  type UpdateClientInput,
} from '../../../shared/schemas/client-detail';
import { normalizePhone } from '../../../shared/phone';
import { moveLeadTextsToClients } from '../sms/service';
import { type Actor, recordAction } from '../activity-record/service';
import * as detail from './client-detail-queries';
import { selectClientById } from './queries';
import { lockBusinessClients } from './service';

/** The client detail view: the client, their bookings (newest first), totals and the business's today. */
export async function clientDetail(db: Tx, businessId: number, clientId: number): Promise<ClientDetail> {
  const client = await selectClientById(db, businessId, clientId);
  if (!client) throw new HttpError(404, CLIENT_NOT_FOUND);
  const [bookings, totals, today, notes] = await Promise.all([
    detail.selectClientBookings(db, businessId, clientId, CLIENT_DETAIL_BOOKINGS_LIMIT),
    detail.selectClientTotals(db, businessId, clientId),
    detail.selectBusinessToday(db, businessId),
    detail.selectClientNotes(db, businessId, clientId),
  ]);
  return { client, bookings, totals, today, notes };
}

/**
 * Edit on the client view: name, e-mail, phone and notes, each only when sent. The rules of Add Client
 * (a valid e-mail, a usable phone stored as E.164), one e-mail per client of a business (Add Client adds
 * a booking to the client with that e-mail; here it is refused, as is one another client was known by), and a
 * client keeps an e-mail or a phone, as an imported row must have one. The e-mail and phone replaced are kept
 * for matching later bookings (docs/clients-api.md "Editing a client").
 */
export async function updateClient(database: Database, businessId: number, clientId: number, input: UpdateClientInput, by?: Actor): Promise<ClientDetail> {
  const changes: detail.ClientChanges = {};
  if (input.name !== undefined) changes.name = input.name.trim().replace(/\s+/g, ' ');
  if (input.email !== undefined) changes.email = input.email?.trim() || null;
  if (input.phone !== undefined) {
    const typed = input.phone?.trim() || null;
    changes.phone = typed ? normalizePhone(typed) : null;
    if (typed && !changes.phone) throw new HttpError(400, 'Please enter a valid phone number');
  }
  if (input.notes !== undefined) changes.notes = input.notes?.trim() || null;
  try {
    await database.db.transaction(async (tx) => {
      // Under the business's import lock: an upload matching rows by e-mail sees the client before or after the edit.
      await lockBusinessClients(tx, businessId);
      const current = await detail.selectClientContact(tx, businessId, clientId);
      if (!current) throw new HttpError(404, CLIENT_NOT_FOUND);
      const email = changes.email !== undefined ? changes.email : current.email;
      const phone = changes.phone !== undefined ? changes.phone : current.phone;
      if (!email && !phone) throw new HttpError(400, CLIENT_CONTACT_REQUIRED);
      // An e-mail another client has, or was known by before an edit (their bookings still match it), is theirs.
      if (
        email &&
        ((await detail.emailTakenByAnother(tx, businessId, clientId, email)) ||
          (await detail.emailPreviouslyOfAnother(tx, businessId, clientId, email)))
      ) {
        throw new HttpError(409, CLIENT_EMAIL_TAKEN);
      }
      // The booking tool still has the old e-mail or phone: the client keeps it for matching (docs/clients-api.md).
      const previous: { kind: 'email' | 'phone'; value: string }[] = [];
      if (current.email && email?.toLowerCase() !== current.email.toLowerCase()) previous.push({ kind: 'email', value: current.email });
      if (current.phone && phone !== current.phone) previous.push({ kind: 'phone', value: current.phone });
      await detail.keepPreviousContacts(tx, businessId, clientId, previous);
      await detail.updateClient(tx, businessId, clientId, changes);
      // a lead's texts follow it to the client that now has its phone (docs/sms-inbox.md, "Leads")
      if (changes.phone) await moveLeadTextsToClients(tx, businessId);
      if (by) await recordAction(tx, by, { kind: 'client_edited', summary: editSummary(current.name, changes), object: { type: 'client', id: clientId } });
    });
  } catch (error) {
    // The unique index on (business, lower(email)) has the last word, should a writer without the lock race the check.
    if (isUniqueViolation(error)) throw new HttpError(409, CLIENT_EMAIL_TAKEN);
    throw error;
  }
  return clientDetail(database.db, businessId, clientId);
}

/** "Edited Bob Beta's name and phone" for the activity record. */
function editSummary(name: string, changes: detail.ClientChanges): string {
  const fields = (['name', 'email', 'phone', 'notes'] as const).filter((f) => changes[f] !== undefined);
  const list = fields.length <= 1 ? (fields[0] ?? 'details') : `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`;
  return `Edited ${name}'s ${list}`;
}

/** Deletes a client and their bookings in one transaction, serialised with the business's imports. */
export async function deleteClient(database: Database, businessId: number, clientId: number, by?: Actor): Promise<ClientDeleted> {
  const result = await database.db.transaction(async (tx) => {
    await lockBusinessClients(tx, businessId);
    const deleted = await detail.deleteClient(tx, businessId, clientId);
    if (deleted && by) {
      const n = deleted.deletedBookings;
      await recordAction(tx, by, { kind: 'client_deleted', summary: `Deleted ${deleted.name} with ${n} ${n === 1 ? 'booking' : 'bookings'}`, object: { type: 'client', id: clientId } });
    }
    return deleted;
  });
  if (!result) throw new HttpError(404, CLIENT_NOT_FOUND);
  const n = result.deletedBookings;
  return { success: true, message: `Client deleted with ${n} ${n === 1 ? 'booking' : 'bookings'}.`, deletedBookings: n };
}
