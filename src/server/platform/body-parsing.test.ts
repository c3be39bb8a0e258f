import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { assertAllowedValue, frameworkErrors, installBodyParsing, isAllowedText, jsonDepthExceeds, MAX_JSON_DEPTH } from './body-parsing';
import { installErrorHandler } from './errors';

describe('text rules', () => {
  it.each([
    ['plain text', 'Ann Smith', true],
    ['a surrogate pair (emoji)', 'Ann 😀', true],
    ['a NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone low surrogate', 'a\udc00b', false],
    ['a high surrogate at the end', 'ab\ud83d', false],
    ['two highs in a row before a low', '\ud83d\ud83d\ude00', false],
  ])('%s', (_label, value, allowed) => {
    expect(isAllowedText(value)).toBe(allowed);
  });

  it('counts JSON depth outside strings only', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(jsonDepthExceeds(deep(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(deep(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '['.repeat(100), b: '\\"[[[[' }))).toBe(false);
  });

  it('checks keys as well as values, and leaves buffers alone', () => {
    expect(() => assertAllowedValue({ ['k\u0000']: 1 })).toThrow('not allowed');
    expect(() => assertAllowedValue({ file: Buffer.from([0, 0xd8]) })).not.toThrow();
  });
});

describe('installBodyParsing', () => {
  // A body parser added later (a form for the public embed page, say) is covered by the same check.
  async function appWithFormParser() {
    const app = Fastify({ frameworkErrors });
    installErrorHandler(app);
    installBodyParsing(app);
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    app.post('/form', async (request) => ({ got: request.body }));
    await app.ready();
    return app;
  }

  it('refuses a NUL in a form body from any parser', async () => {
    const app = await appWithFormParser();
    const payload = 'name=a%00b';
    const res = await app.inject({ method: 'POST', url: '/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'The request contains a character that is not allowed.' });
    await app.close();
  });

  it('lets an ordinary form body through', async () => {
    const app = await appWithFormParser();
    const res = await app.inject({ method: 'POST', url: '/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=Ann' });
    expect(res.json()).toEqual({ got: { name: 'Ann' } });
    await app.close();
  });
});
