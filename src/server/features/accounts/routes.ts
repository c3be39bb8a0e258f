import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../platform/errors';
import { publicOrigin } from '../../platform/public-origin';
import { SESSION_COOKIE, clearSessionCookie, readSession, setSessionCookie } from '../../platform/session';
import { parse } from '../../platform/validate';
import {
  AUTH_MESSAGES,
  forgotPasswordSchema,
  isLandingSignup,
  landingSignupSchema,
  loginSchema,
  messageResponseSchema,
  resetPasswordSchema,
  signupSchema,
  verifyResetTokenResponseSchema,
} from '../../../shared/schemas/auth';
import { authResponseSchema } from '../../../shared/schemas/business';
import { TWO_FACTOR_MESSAGES, loginChallengeSchema } from '../../../shared/schemas/two-factor';
import * as accounts from './service';

const signedOut = () => new HttpError(401, 'Please sign in to continue.');

/** /api/auth/*: public routes (config.access 'public'); the ones that need a session read it themselves. */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app.deps;
  const db = database.db;
  const secure = config.secureCookies;

  const open = { config: { access: 'public' } } as const;
  // Replies with the business go through its schema (platform/response-schemas.ts).
  const withBusiness = { ...open, schema: { response: { 200: authResponseSchema } } };
  const createsBusiness = { ...open, schema: { response: { 201: authResponseSchema } } };
  const withMessage = { ...open, schema: { response: { 200: messageResponseSchema } } };

  const startSession = (reply: FastifyReply, session: { token: string; expiresAt: Date }) =>
    setSessionCookie(reply, session.token, session.expiresAt, secure);

  // A cookie whose session is gone answers its own message: the web then opens sign-in saying the session
  // ended and comes back to the page, on every signed-in route (docs/accounts.md "Sessions").
  app.get('/auth/me', withBusiness, async (request) => {
    const ended = () => (request.cookies[SESSION_COOKIE] ? new HttpError(401, AUTH_MESSAGES.sessionEnded) : signedOut());
    const auth = await readSession(db, request);
    if (!auth) throw ended();
    const signedIn = await accounts.currentSignIn(db, auth);
    if (!signedIn) throw ended();
    return signedIn;
  });

  app.post('/auth/signup', createsBusiness, async (request, reply) => {
    const body = request.body;
    const from = { ip: request.ip, perHour: config.signupsPerHour, userAgent: request.headers['user-agent'] };
    const { business, person, session } = isLandingSignup(body)
      ? await accounts.signup(db, { kind: 'landing', input: parse(landingSignupSchema, body) }, from)
      : await accounts.signup(db, { kind: 'screen', input: parse(signupSchema, body) }, from);
    startSession(reply, session);
    return reply.status(201).send({ business, person });
  });

  // A person with two-factor gets the code step's challenge instead (features/two-factor, POST /auth/login/code).
  const signsInOrAsksCode = { ...open, schema: { response: { 200: authResponseSchema.or(loginChallengeSchema) } } };
  app.post('/auth/login', signsInOrAsksCode, async (request, reply) => {
    const input = parse(loginSchema, request.body);
    const result = await accounts.login(db, input, { ip: request.ip, userAgent: request.headers['user-agent'] });
    if ('challenge' in result) return { twoFactorRequired: true as const, challenge: result.challenge, message: TWO_FACTOR_MESSAGES.codeStep };
    startSession(reply, result.session);
    return { business: result.business, person: result.person };
  });

  app.post('/auth/logout', withMessage, async (request, reply) => {
    const auth = await readSession(db, request);
    await accounts.logout(db, auth?.sessionId);
    clearSessionCookie(reply, secure);
    return { message: AUTH_MESSAGES.loggedOut };
  });

  app.post('/auth/forgot-password', withMessage, async (request) => {
    const { email } = parse(forgotPasswordSchema, request.body);
    await accounts.requestPasswordReset(db, {
      email,
      ip: request.ip,
      linkOrigin: publicOrigin(request, config.appUrl),
      jobs: app.deps.jobs,
    });
    return { message: AUTH_MESSAGES.resetLinkSent };
  });

  app.get('/auth/verify-reset-token/:token', { ...open, schema: { response: { 200: verifyResetTokenResponseSchema } } }, async (request) => {
    const { token } = request.params as { token: string };
    return { valid: await accounts.verifyResetToken(db, token) };
  });

  app.post('/auth/reset-password', withMessage, async (request) => {
    const input = parse(resetPasswordSchema, request.body);
    await accounts.resetPassword(db, input);
    return { message: AUTH_MESSAGES.passwordResetDone };
  });
}
