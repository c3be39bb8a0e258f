import { textReply } from '../../../platform/openapi';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../../platform/errors';
import { publicOrigin } from '../../../platform/public-origin';
import { sendContextOf } from '../send/send';
import { EMPTY_TWIML } from '../../../../shared/schemas/sms-inbox';
import { installFormParser } from '../../../platform/form-body';
import { TWILIO_FORM_RULES, WEBHOOK_FORM_LIMIT } from './form-body';
import { type InboxContext, receiveInbound, receiveStatus } from './inbound';
import { notifyOwner } from '../../notifications/service';

/** Calls per minute from one address; Twilio's own bursts for one busy number stay far below it. */
export const SMS_WEBHOOK_CALLS_PER_MINUTE = 600;

/** Route options of the provider's webhooks (platform/route-policy.ts): public, any origin, form bodies only. */
export const smsWebhookConfig = {
  access: 'public',
  origin: 'any',
  bodyLimit: WEBHOOK_FORM_LIMIT,
  rateLimit: { max: SMS_WEBHOOK_CALLS_PER_MINUTE, timeWindow: 60_000 },
} as const;

/** The provider's webhooks answer an empty TwiML document. */
const twimlReply = { response: { 200: textReply('An empty TwiML document') } };

export const FORBIDDEN_SIGNATURE = 'The request signature is missing or wrong.';

/** The URL the provider called, as it signed it: APP_URL (the public address) and the path with its query. */
export function signedUrl(request: FastifyRequest, appUrl: string | undefined): string {
  return `${publicOrigin(request, appUrl)}${request.url}`;
}

/** What the inbox services need for one request. */
export function inboxContext(app: FastifyInstance, request: FastifyRequest): InboxContext {
  return { ...sendContextOf(app, request), log: request.log };
}

/**
 * An inbound text, however it arrived (the provider's webhook, a reply played in the simulator): stored and
 * answered by receiveInbound, and the owner told of a reply (not a keyword) as they chose. One path for both.
 */
export async function receiveAndNotify(app: FastifyInstance, request: FastifyRequest, params: Record<string, string>) {
  const outcome = await receiveInbound(inboxContext(app, request), params);
  if (outcome.kind === 'stored' && !outcome.keyword) await notifyOwner(app.deps.jobs, request.log, 'reply', outcome.messageId);
  return outcome;
}

/**
 * POST /api/sms/inbound and POST /api/sms/status: Twilio's form-encoded webhooks, signed with
 * X-Twilio-Signature over APP_URL + the path and the parameters as sent. Unsigned or wrongly signed: 403
 * and nothing is read further. Both answer empty TwiML.
 */
export async function webhookScope(scope: FastifyInstance) {
  installFormParser(scope, TWILIO_FORM_RULES);
  const { sms, config } = scope.deps;

  const verified = (request: FastifyRequest): Record<string, string> => {
    const params = request.body;
    if (params === null || typeof params !== 'object' || Array.isArray(params)) throw new HttpError(403, FORBIDDEN_SIGNATURE);
    const header = request.headers['x-twilio-signature'];
    const signature = typeof header === 'string' ? header : undefined;
    if (!sms.verifySignature(signedUrl(request, config.appUrl), params as Record<string, string>, signature)) throw new HttpError(403, FORBIDDEN_SIGNATURE);
    return params as Record<string, string>;
  };
  const ctx = (request: FastifyRequest) => inboxContext(scope, request);

  scope.post('/sms/inbound', { config: smsWebhookConfig, schema: twimlReply }, async (request, reply) => {
    await receiveAndNotify(scope, request, verified(request));
    return reply.header('content-type', 'text/xml; charset=utf-8').send(EMPTY_TWIML);
  });

  scope.post('/sms/status', { config: smsWebhookConfig, schema: twimlReply }, async (request, reply) => {
    await receiveStatus(ctx(request), verified(request));
    return reply.header('content-type', 'text/xml; charset=utf-8').send(EMPTY_TWIML);
  });
}
