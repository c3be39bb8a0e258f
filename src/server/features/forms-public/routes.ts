import { textReply } from '../../platform/openapi';
import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/errors';
import { parse } from '../../platform/validate';
import { FORM_INACTIVE, FORM_UNAVAILABLE, REF_FIELD, THANK_YOU_DETAIL, THANK_YOU_TITLE, submissionSchema, type SubmissionInput } from '../../../shared/schemas/forms';
import { installFormParser } from '../../platform/form-body';
import { SUBMISSION_FORM_RULES } from './form-body';
import { EMBED_VIEWS_PER_MINUTE, SUBMIT_BODY_LIMIT, SUBMITS_PER_MINUTE } from './limits';
import { formPage, messagePage } from './render';
import * as service from './service';
import * as q from './queries';
import { notifyOwner } from '../notifications/service';

// The public form (docs/forms.md "Embed page", "Submission"): no session, the embed token names the form.
// A browser (Accept: text/html; for the submit route, posting a form) gets pages; any other client gets JSON,
// refusals as { message }.

const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/i.test(request.headers.accept ?? '');
const tokenOf = (request: FastifyRequest) => String((request.params as { embedToken?: string }).embedToken ?? '');

/** Only these pages may be framed, by any site; the rest of the app keeps helmet's frame-ancestors 'self'. */
function sendPage(reply: FastifyReply, status: number, render: (nonce: string) => string) {
  const nonce = randomBytes(16).toString('base64');
  reply.removeHeader('x-frame-options');
  return reply
    .status(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors *`,
    )
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(render(nonce));
}

export async function publicFormRoutes(api: FastifyInstance) {
  const database = api.deps.database;

  api.get(
    '/forms/:embedToken/embed',
    { config: { access: 'public', rateLimit: { max: EMBED_VIEWS_PER_MINUTE, timeWindow: 60_000 } }, schema: { response: { 200: textReply('The form as an HTML page') } } },
    async (request, reply) => {
      const form = await q.selectFormByToken(database.db, tokenOf(request));
      if (!form) {
        if (!wantsHtml(request)) throw new HttpError(404, FORM_UNAVAILABLE);
        return sendPage(reply, 404, (nonce) => messagePage('Form not available', FORM_UNAVAILABLE, null, nonce));
      }
      if (!form.isActive) return sendPage(reply, 200, (nonce) => messagePage(form.name, FORM_INACTIVE, form.styles, nonce));
      const referer = typeof request.headers.referer === 'string' ? request.headers.referer : null;
      // The website link's ?ref=CODE, passed on by the embed snippet (or still in the Referer), rides with the form.
      const referralCode = service.referralCodeOf({ [REF_FIELD]: (request.query as Record<string, unknown>)?.ref as string }, referer);
      return sendPage(reply, 200, (nonce) => formPage(form, { pageUrl: service.pageUrlOf({}, referer), referralCode }, nonce));
    },
  );

  await api.register(async (scope) => {
    installFormParser(scope, SUBMISSION_FORM_RULES);
    scope.post(
      '/forms/:embedToken/submit',
      {
        config: { access: 'public', origin: 'any', bodyLimit: SUBMIT_BODY_LIMIT, rateLimit: { max: SUBMITS_PER_MINUTE, timeWindow: 60_000 } },
        // JSON for a script's call; a browser's form post gets the thank-you page (HTML, sent as it is).
        schema: { response: { 200: z.object({ success: z.literal(true), message: z.string() }) } },
      },
      async (request, reply) => {
        // Another site's page may read the answer (a plain form post needs no CORS; a script's does).
        reply.header('access-control-allow-origin', '*');
        // A page for a browser's form post; JSON for a script's call (JSON or form-encoded) and any other client.
        const html = wantsHtml(request) && /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '');
        const token = tokenOf(request);
        let body: SubmissionInput = {};
        try {
          body = parse(submissionSchema, request.body);
          const meta = {
            ip: request.ip,
            userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
            referer: typeof request.headers.referer === 'string' ? request.headers.referer : null,
          };
          const result = await service.submit(database, token, body, meta);
          if (result.leadId) await notifyOwner(api.deps.jobs, request.log, 'lead', result.leadId);
          if (!html) return { success: true as const, message: result.message };
          const form = await q.selectFormByToken(database.db, token);
          const again = { href: `/api/forms/${encodeURIComponent(token)}/embed`, text: 'Send another response' };
          // "Thank you!" is the heading; the line under it says the rest, once.
          return sendPage(reply, 200, (nonce) => messagePage(THANK_YOU_TITLE, THANK_YOU_DETAIL, form?.styles ?? null, nonce, again));
        } catch (error) {
          if (!html || !(error instanceof HttpError)) throw error;
          const form = await q.selectFormByToken(database.db, token);
          if (form?.isActive && error instanceof service.FormInputError) {
            const pageUrl = service.pageUrlOf(body, null);
            const referralCode = service.referralCodeOf(body, null);
            const alert = 'Please check the highlighted fields and send the form again.';
            return sendPage(reply, 400, (nonce) => formPage(form, { values: body, errors: error.fieldErrors, alert, pageUrl, referralCode }, nonce));
          }
          const title = error.status === 404 ? 'Form not available' : error.status === 429 ? 'Please try again later' : 'Not sent';
          return sendPage(reply, error.status, (nonce) => messagePage(title, error.message, form?.styles ?? null, nonce));
        }
      },
    );
  });
}
