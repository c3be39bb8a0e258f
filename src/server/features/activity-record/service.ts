import type { Db, Tx } from '../../db/client';
import { ACTIVITY_PAGE_SIZE, type ActivityKind, type ActivityObjectType, type ActivityRecord, type ActivityRecordQuery } from '../../../shared/schemas/activity-record';
import * as q from './queries';

// The activity record (docs/accounts.md, "What the record keeps"; decision 0034): each feature calls
// recordAction in the transaction of the action it records, after the action's own writes, so a refused or
// failed action leaves no entry. Nothing here changes or deletes an entry.

/** The person acting for their business (platform/session.ts actorOf). */
export type Actor = { businessId: number; personId: number };
export type Action = { kind: ActivityKind; summary: string; object?: { type: ActivityObjectType; id?: number | null } };

const MAX_SUMMARY = 300;

export async function recordAction(tx: Tx, by: Actor, action: Action): Promise<void> {
  await q.insertEntry(tx, {
    businessId: by.businessId,
    personId: by.personId,
    kind: action.kind,
    summary: action.summary.slice(0, MAX_SUMMARY),
    objectType: action.object?.type ?? null,
    objectId: action.object?.id ?? null,
  });
}

/**
 * Runs a feature's work and records it in one transaction: the work runs on the transaction (its own
 * transactions become savepoints), so a refusal or failure rolls back both and a success commits both.
 */
export async function recorded<T>(db: Db, by: Actor, action: Action | ((result: T) => Action), work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await recordAction(tx, by, typeof action === 'function' ? action(result) : action);
    return result;
  });
}

/** Settings → Team → Activity: a page newest first. */
export async function activityPage(tx: Tx, businessId: number, query: ActivityRecordQuery): Promise<ActivityRecord> {
  const pageSize = ACTIVITY_PAGE_SIZE;
  const rows = await q.selectPage(tx, businessId, { personId: query.person, kind: query.kind, limit: pageSize + 1, offset: (query.page - 1) * pageSize });
  return {
    entries: rows.slice(0, pageSize).map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
    })),
    page: query.page,
    pageSize,
    hasMore: rows.length > pageSize,
  };
}

/** A short name of a sign-in's browser and system for its entry ("Chrome on Windows"), from its User-Agent. */
export function browserOf(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrom(e|ium)\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'a browser';
  const system = /iPhone|iPad/.test(userAgent) ? 'iOS' : /Android/.test(userAgent) ? 'Android' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : null;
  return system ? `${browser} on ${system}` : browser;
}
