import { HttpError } from '../../platform/errors';
import { normalizePhone } from '../../../shared/phone';
import { getOutreachSettings, registrationBlock, outboxKeyTaken, queueTexts } from '../sms/service';
import { type ReviewContext, trackReviewRequests } from './service';
import * as q from './queries';
import { type Actor, recordAction } from '../activity-record/service';

// A review request the owner sends by hand from the client view (docs/reviews.md): tracked like the automation's
// (its short link, one reminder), queued in the outbox to go at once inside the client's sending hours.

export const NO_REVIEW_LINK_MESSAGE = 'Add your Google review link in Settings first: the review request carries it.';

export async function requestReviewByHand(ctx: ReviewContext, by: Actor, clientId: number): Promise<{ message: string }> {
  const { businessId } = by;
  const db = ctx.database.db;
  const client = await q.selectClient(db, businessId, clientId);
  if (!client) throw new HttpError(404, 'Client not found');
  if (!normalizePhone(client.phone)) throw new HttpError(400, `${client.name} has no valid mobile number, so no text was sent. Add one to the client first.`);
  const settings = await getOutreachSettings(db, businessId);
  if (!settings.googleReviewLink) throw new HttpError(400, NO_REVIEW_LINK_MESSAGE);
  const blocked = await registrationBlock(db, businessId);
  if (blocked) throw new HttpError(409, blocked);
  const now = ctx.now?.() ?? new Date();
  // A second tap within the same minute is the same request.
  const key = `review:hand:${clientId}:${now.toISOString().slice(0, 16)}`;
  await trackReviewRequests(db, businessId, [{ clientId, key }]);
  const description = `Review request sent to ${client.name}`;
  await queueTexts(
    ctx,
    businessId,
    async (tx) => {
      if (await outboxKeyTaken(tx, businessId, key)) return [];
      await recordAction(tx, by, { kind: 'text_sent', summary: description, object: { type: 'client', id: clientId } });
      return [{ clientId, kind: 'review', key, body: settings.customMessages.review, ownerTap: { activity: { type: 'sms_sent', description } }, sentBy: by.personId }];
    },
    { now },
  );
  return { message: `Review request queued for ${client.name}: it goes out within their sending hours.` };
}
