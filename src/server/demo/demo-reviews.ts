import type { Tx } from '../db/client';
import { reviewRequests } from '../db/schema';
import { newReviewToken } from '../features/reviews/service';

const DAY = 86400_000;

/**
 * A few months of review requests (docs/reviews.md): about half opened within days, the others reminded once
 * (some opened then), some marked reviewed by the owner, half of the openers asked to refer. Each row's reminder
 * and referral ask is already settled (its key set), so the hourly scan never texts the demo's clients.
 */
export async function seedDemoReviews(tx: Tx, businessId: number, clientIds: number[], now: Date, rand: () => number): Promise<void> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const rows = clientIds.slice(0, 36).map((clientId, i) => {
    const sentDaysAgo = 2 + Math.floor((i * 150) / 36) + Math.floor(rand() * 3);
    const openedFirst = rand() < 0.5;
    const reminded = !openedFirst && sentDaysAgo > 3;
    const openedAfterReminder = reminded && rand() < 0.4;
    const openedDaysAgo = openedFirst ? sentDaysAgo - rand() * 2 : openedAfterReminder ? sentDaysAgo - 3.5 - rand() : null;
    const opened = openedDaysAgo != null && openedDaysAgo > 0 ? openedDaysAgo : null;
    const askedDaysAgo = opened != null && opened > 2 && rand() < 0.6 ? opened - 2 : null;
    const reviewedDaysAgo = opened != null && rand() < 0.45 ? Math.max(opened - 1, 0.2) : null;
    return {
      businessId,
      clientId,
      token: newReviewToken(),
      requestKey: `demo:review:${i}`,
      sentAt: at(sentDaysAgo),
      firstOpenedAt: opened == null ? null : at(opened),
      lastOpenedAt: opened == null ? null : at(opened),
      openCount: opened == null ? 0 : 1 + Math.floor(rand() * 2),
      reminderKey: `demo:reminder:${i}`,
      remindedAt: reminded ? at(sentDaysAgo - 3) : null,
      markedReviewedAt: reviewedDaysAgo == null ? null : at(reviewedDaysAgo),
      referralKey: `demo:referral:${i}`,
      referralAskedAt: askedDaysAgo == null ? null : at(askedDaysAgo),
      createdAt: at(sentDaysAgo + 1),
    };
  });
  if (rows.length > 0) await tx.insert(reviewRequests).values(rows);
}
