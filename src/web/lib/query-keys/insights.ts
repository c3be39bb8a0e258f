import type { QueryClient } from '@tanstack/react-query';

/** The insights feature's read. */
export const INSIGHTS_KEY = '/api/insights';

export const refreshInsights = (qc: QueryClient) => qc.invalidateQueries({ queryKey: [INSIGHTS_KEY] });
