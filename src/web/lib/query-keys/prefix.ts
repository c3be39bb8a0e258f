import type { QueryClient } from '@tanstack/react-query';

/** Invalidates every read whose URL (the key's first element) starts with one of the prefixes. */
export const invalidatePrefixes = (qc: QueryClient, prefixes: readonly string[]) =>
  qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && prefixes.some((p) => (q.queryKey[0] as string).startsWith(p)) });
