import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip for every compressible reply (JSON, HTML, scripts, styles) of 1 KB or more, and
 * `Cache-Control: no-store` on every API reply that did not choose its own: API answers are one
 * business's data and must not sit in a browser or proxy cache. Register before any route: the plugin
 * attaches itself to the routes registered after it.
 */
export async function installCompression(app: FastifyInstance) {
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
