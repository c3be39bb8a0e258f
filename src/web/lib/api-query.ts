import { queryOptions } from '@tanstack/react-query';
import { apiUrl, callApi, type ApiRoute, type ArgsList } from './api-client';

// Apart from api-client.ts so the public pages' small entries (no TanStack Query) can use the client.

/**
 * A read for useQuery: the key is the call's URL (so the query-key modules' prefixes refresh it), the data the
 * route's reply.
 */
export const apiQuery = <K extends ApiRoute>(route: K, ...[args]: ArgsList<K>) => {
  const url = apiUrl(route, ...([args] as ArgsList<K>));
  return queryOptions({ queryKey: [url], queryFn: () => callApi(route, ...([args] as ArgsList<K>)) });
};

