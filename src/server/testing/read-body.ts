import type { IncomingMessage } from 'node:http';

/** A request's whole body as text, for the local stand-ins of the providers' APIs. */
export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
