import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../platform/errors';
import { clearSessionCookie } from '../../platform/session';
import { parse } from '../../platform/validate';
import {
  ACCOUNT_MESSAGES,
  accountSessionsSchema,
  changePasswordReplySchema,
  changePasswordSchema,
  endedOthersMessage,
  endOtherSessionsReplySchema,
  endSessionReplySchema,
  SESSION_ID_PATTERN,
} from '../../../shared/schemas/account-sessions';
import { changePassword } from './password-change';
import { endOtherSessions, endSession, listSessions } from './sessions';

// /api/account/*: the signed-in person's own sessions and password, for every role (docs/accounts.md, "Sessions
// and password"). Each route reads and ends only the caller's own sessions: another person's id is a 404.

function whoOf(request: FastifyRequest) {
  if (!request.auth) throw new HttpError(401, 'Please sign in to continue.');
  const { businessId, personId, sessionId } = request.auth;
  return { businessId, personId, sessionId };
}

export async function accountSessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app.deps;
  const db = database.db;
  const everyone = { role: 'staff' } as const;

  app.get('/account/sessions', { config: everyone, schema: { response: { 200: accountSessionsSchema } } }, async (request) => ({
    sessions: await listSessions(db, whoOf(request)),
  }));

  app.delete('/account/sessions/:id', { config: everyone, schema: { response: { 200: endSessionReplySchema } } }, async (request, reply) => {
    const who = whoOf(request);
    const id = String((request.params as { id?: string }).id ?? '');
    if (!SESSION_ID_PATTERN.test(id) || !(await endSession(db, who, id))) throw new HttpError(404, ACCOUNT_MESSAGES.sessionNotFound);
    // Ending the session this request came with is signing out here.
    if (id === who.sessionId) clearSessionCookie(reply, config.secureCookies);
    return { message: ACCOUNT_MESSAGES.signedOut, id };
  });

  // "Sign out everywhere else": this device stays signed in (docs/decisions/0035-sessions.md).
  app.post('/account/sessions/sign-out-others', { config: everyone, schema: { response: { 200: endOtherSessionsReplySchema } } }, async (request) => {
    const who = whoOf(request);
    const ended = await endOtherSessions(db, who.personId, who.sessionId);
    return { message: endedOthersMessage(ended), ended };
  });

  app.post('/account/password', { config: { ...everyone, bodyLimit: 4096 }, schema: { response: { 200: changePasswordReplySchema } } }, async (request) => {
    const input = parse(changePasswordSchema, request.body);
    await changePassword(db, whoOf(request), input);
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  });
}
