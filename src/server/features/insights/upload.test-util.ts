// A copy of imports/upload-helpers.test-util.ts (features do not import each other's files).
import type { FastifyInstance } from 'fastify';

/** A multipart/form-data body with one file in the field `csv` (or another field). */
export function multipartBody(fileName: string, content: Buffer | string, field = 'csv') {
  const boundary = `----referloop${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function upload(app: FastifyInstance, cookie: string, fileName: string, content: Buffer | string, field = 'csv') {
  const { payload, contentType } = multipartBody(fileName, content, field);
  return app.inject({ method: 'POST', url: '/api/upload/csv', headers: { cookie, 'content-type': contentType }, payload });
}
