import type { ApiRoutes } from './api-contract.gen';
import { apiRequest } from './http';

// The web app's one way to call the API (docs/api-reference.md "Typed client"): a call names its route by the
// route table's key ('GET /api/clients/:id'), must give that route's path parameters, and gets the reply's type
// from the route's own zod schema (api-contract.gen.ts, generated from the OpenAPI document). Features write no
// '/api' strings (eslint.config.js) and cast no replies.

export type ApiRoute = keyof ApiRoutes;

type Responses<K extends ApiRoute> = ApiRoutes[K] extends { responses: infer R } ? R : never;
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : undefined;
/** The JSON a route answers with on success (its 200 or 201 schema). */
export type ApiReply<K extends ApiRoute> = JsonOf<Responses<K>[200 & keyof Responses<K>]> | JsonOf<Responses<K>[201 & keyof Responses<K>]>;

type ParamNames<S extends string> = S extends `${string}:${infer P}/${infer Rest}`
  ? P | ParamNames<`/${Rest}`>
  : S extends `${string}:${infer P}`
    ? P
    : never;
type PathArgs<K extends ApiRoute> = [ParamNames<K>] extends [never] ? { params?: never } : { params: Record<ParamNames<K>, string | number> };

type QueryValue = string | number | boolean | null | undefined;
/** What a call may send: the path parameters its URL names, a query string, a JSON body (checked by the server's schema). */
export type ApiArgs<K extends ApiRoute> = PathArgs<K> & { query?: Record<string, QueryValue>; body?: unknown };
export type ArgsList<K extends ApiRoute> = [ParamNames<K>] extends [never] ? [args?: ApiArgs<K>] : [args: ApiArgs<K>];

const methodOf = (route: ApiRoute) => route.slice(0, route.indexOf(' '));

/** The URL of a call: the route's pattern with its parameters filled in, and the query string (empty values left out). */
export function apiUrl<K extends ApiRoute>(route: K, ...[args]: ArgsList<K>): string {
  const params: Record<string, string | number> = args?.params ?? {};
  const path = route.slice(route.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(args?.query ?? {})) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Call a route: its reply, typed by the route's schema; a non-OK answer throws ApiError (lib/http.ts). */
export async function callApi<K extends ApiRoute>(route: K, ...[args]: ArgsList<K>): Promise<ApiReply<K>> {
  const res = await apiRequest(methodOf(route), apiUrl(route, ...([args] as ArgsList<K>)), args?.body);
  const reply: ApiReply<K> = await res.json();
  return reply;
}
