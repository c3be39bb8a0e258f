import type { QueryClient } from '@tanstack/react-query';
import { apiUrl } from '../api-client';

/** The insights feature's read. */
export const INSIGHTS_KEY = apiUrl('GET /api/insights');

export const refreshInsights = (qc: QueryClient) => qc.invalidateQueries({ queryKey: [INSIGHTS_KEY] });
