import { randomBytes } from 'node:crypto';
import type { Database, Tx } from '../../db/client';
import type { JobQueue } from '../../platform/jobs/index';
import * as q from './queries';

// Review requests that report back (docs/reviews.md): each request carries a short link of its own, whose opens
// are recorded; one reminder when it is not opened; the Referral Request after it was opened, if the owner wants.

/** The short link works this long after the request (12 months). */
export const LINK_LIFETIME_DAYS = 365;

export type ReviewContext = { database: Database; jobs: JobQueue; now?: () => Date };

/** 128 random bits, hex: unguessable, and safe in a URL and a LIKE pattern. */
export const newReviewToken = () => randomBytes(16).toString('hex');

/**
 * Records the review requests about to be queued (one per outbox key), each with a token of its own, before their
 * texts are queued: the delivery fills in the short link from it. A key seen before records nothing.
 */
export async function trackReviewRequests(db: Tx, businessId: number, requests: { clientId: number; key: string }[]): Promise<void> {
  await q.insertRequests(db, businessId, requests.map((r) => ({ ...r, token: newReviewToken() })));
}

/** Shapes of a token the link page accepts: anything else is unknown without a read. */
const TOKEN_SHAPE = /^[0-9a-f]{32}$/;

export type LinkOutcome = { redirect: string } | { page: { businessName: string | null; link: string | null } };

/**
 * GET /r/<token>: the business's stored review link (an https URL), the open recorded when `counts` (a person's
 * GET, not a HEAD or a link-preview bot). Unknown, expired, or no usable link: the plain page's facts.
 */
export async function openReviewLink(database: Database, token: string, counts: boolean): Promise<LinkOutcome> {
  if (!TOKEN_SHAPE.test(token)) return { page: { businessName: null, link: null } };
  const facts = await q.selectByToken(database.db, token, LINK_LIFETIME_DAYS);
  if (!facts) return { page: { businessName: null, link: null } };
  const link = facts.link && isHttps(facts.link) ? facts.link : null;
  if (facts.expired || !link) return { page: { businessName: facts.businessName, link } };
  if (counts) await q.recordOpen(database.db, facts.id);
  return { redirect: link };
}

function isHttps(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
