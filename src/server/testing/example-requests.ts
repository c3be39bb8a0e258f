import type { RouteEntry } from '../platform/route-table';
import { multipartBody } from './requests';
import type { ExampleIds, RouteExample } from './route-examples';

/** The requests a route's example makes with these ids: one per query string it lists. */
export function requestsOf(route: RouteEntry, example: RouteExample, ids: ExampleIds) {
  const params = example.params?.(ids) ?? {};
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
  const queries = example.queries?.length ? example.queries : [{}];
  return queries.map((q) => {
    const qs = new URLSearchParams(q).toString();
    const url = qs ? `${path}?${qs}` : path;
    if (example.upload) {
      const { payload, contentType } = multipartBody(example.upload.fileName, example.upload.content(ids), example.upload.field);
      return { url, headers: { 'content-type': contentType }, payload };
    }
    if (example.body) return { url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(example.body(ids)) };
    return { url, headers: {} as Record<string, string>, payload: undefined };
  });
}
