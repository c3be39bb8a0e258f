import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandler } from './errors';
import { installResponseSchemas } from './response-schemas';

// No database: the serialiser alone, on a bare Fastify instance.
async function appReturning(value: unknown) {
  const app = Fastify();
  installErrorHandler(app);
  installResponseSchemas(app);
  app.get('/thing', { schema: { response: { 200: z.object({ id: z.number(), name: z.string() }) } } }, async () => value);
  app.get('/free', async () => value);
  await app.ready();
  return app;
}

describe('response schemas', () => {
  it('send only the fields the schema lists', async () => {
    const app = await appReturning({ id: 1, name: 'Sparkle', passwordHash: '$argon2id$secret' });
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.json()).toEqual({ id: 1, name: 'Sparkle' });
    // A route without a response schema is serialised as it is.
    expect((await app.inject({ method: 'GET', url: '/free' })).json()).toHaveProperty('passwordHash');
    await app.close();
  });

  it('answer 500 with a plain message, not the reply, when the handler breaks the contract', async () => {
    const app = await appReturning({ id: 'one', name: 'Sparkle' });
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again.' });
    await app.close();
  });
});
