import type { Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import { REVIEWS_NOT_OPENED_PAGE_SIZE, type ReviewInsights, type ReviewsNotOpened, type ReviewState } from '../../../shared/schemas/reviews';
import * as iq from './insights-queries';
import * as q from './queries';

// What the owner sees of review requests (docs/reviews.md): each client's state, the "left a review" mark, the
// Insights review section and the Referrals screen's count.

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

function stateOf(clientId: number, row: q.ReviewStateRow | undefined): ReviewState {
  if (!row) return { clientId, state: 'notAsked', askedAt: null, openedAt: null, openCount: 0, remindedAt: null, reviewedAt: null, referralAskedAt: null };
  const state = row.markedReviewedAt ? 'reviewed' : row.firstOpenedAt ? 'opened' : row.remindedAt ? 'reminded' : 'asked';
  return {
    clientId,
    state,
    askedAt: iso(row.sentAt),
    openedAt: iso(row.firstOpenedAt),
    openCount: Number(row.openCount),
    remindedAt: iso(row.remindedAt),
    reviewedAt: iso(row.markedReviewedAt),
    referralAskedAt: iso(row.referralAskedAt),
  };
}

/** The review state of each client asked for (another business's ids, or unknown ones, answer "not asked"). */
export async function reviewStates(db: Tx, businessId: number, clientIds: number[]): Promise<ReviewState[]> {
  const rows = new Map((await q.selectStates(db, businessId, clientIds)).map((r) => [Number(r.clientId), r]));
  return clientIds.map((id) => stateOf(id, rows.get(id)));
}

/** The owner marks (or unmarks) that the client left a review: Google's own list is not reachable. */
export async function markClientReviewed(db: Tx, businessId: number, clientId: number, reviewed: boolean): Promise<ReviewState> {
  if (!(await q.markReviewed(db, businessId, clientId, reviewed))) throw new HttpError(404, 'Client not found');
  return (await reviewStates(db, businessId, [clientId]))[0];
}

export async function reviewInsights(db: Tx, businessId: number): Promise<ReviewInsights> {
  const [months, referralsAfterReviewAsk] = await Promise.all([iq.selectReviewMonths(db, businessId), iq.countReferralsAfterReviewAsk(db, businessId)]);
  return {
    months: months.map(({ sentOpened, ...m }) => ({ ...m, openRate: m.sent > 0 ? Math.round((100 * Number(sentOpened)) / m.sent) : null })),
    referralsAfterReviewAsk,
  };
}

export async function reviewsNotOpened(db: Tx, businessId: number, page: number): Promise<ReviewsNotOpened> {
  const size = REVIEWS_NOT_OPENED_PAGE_SIZE;
  const rows = await iq.selectNotOpened(db, businessId, size + 1, (page - 1) * size);
  const total = rows[0]?.total ?? (page === 1 ? 0 : (await iq.selectNotOpened(db, businessId, 1, 0))[0]?.total ?? 0);
  return {
    clients: rows.slice(0, size).map((r) => ({ clientId: r.clientId, name: r.name, phone: r.phone, askedAt: iso(r.askedAt)!, remindedAt: iso(r.remindedAt) })),
    page,
    pageSize: size,
    total: Number(total),
    hasMore: rows.length > size,
  };
}
