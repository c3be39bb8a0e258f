import type { Tx } from '../../db/client';
import type { Insights } from '../../../shared/schemas/insights';
import * as q from './queries';

/** GET /api/insights: the business's Insights at `now` (docs/insights.md); tests pass a fixed `now`. */
export const insightsFor = (db: Tx, businessId: number, now: Date = new Date()): Promise<Insights> => q.selectInsights(db, businessId, now);
