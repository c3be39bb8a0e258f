import type { FastifyInstance, InjectOptions } from 'fastify';

// Requests the tests send the way a browser would: as a signed-in owner, and a file upload.

/** A multipart/form-data body with one file in the field `csv` (or another field). */
export function multipartBody(fileName: string, content: Buffer | string, field = 'csv') {
  const boundary = `----referloop${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/upload/csv with one file, as the owner whose session cookie this is. */
export function upload(app: FastifyInstance, cookie: string, fileName: string, content: Buffer | string, field = 'csv') {
  const { payload, contentType } = multipartBody(fileName, content, field);
  return app.inject({ method: 'POST', url: '/api/upload/csv', headers: { cookie, 'content-type': contentType }, payload });
}

type Body = InjectOptions['payload'] | Record<string, unknown> | unknown[];

/**
 * Requests as a signed-in owner: `const as = signedIn(t.app, biz.cookie); await as.get('/api/clients')`. A body
 * that is an object or array is sent as JSON. `headers` go with every request (an Origin, an Idempotency-Key);
 * `send` takes the method for a test that picks it.
 */
export function signedIn(app: FastifyInstance, cookie: string, headers: Record<string, string> = {}) {
  const send = (method: InjectOptions['method'], url: string, body?: Body) =>
    app.inject({ method, url, headers: { ...headers, cookie }, ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }) });
  return {
    send,
    get: (url: string) => send('GET', url),
    post: (url: string, body?: Body) => send('POST', url, body),
    put: (url: string, body?: Body) => send('PUT', url, body),
    patch: (url: string, body?: Body) => send('PATCH', url, body),
    delete: (url: string) => send('DELETE', url),
  };
}
