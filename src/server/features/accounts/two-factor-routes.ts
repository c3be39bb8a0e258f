import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../platform/errors';
import { setSessionCookie } from '../../platform/session';
import { parse } from '../../platform/validate';
import { authResponseSchema } from '../../../shared/schemas/business';
import { messageResponseSchema } from '../../../shared/schemas/auth';
import {
  confirmIdentitySchema,
  enableTwoFactorSchema,
  loginCodeSchema,
  recoveryCodesReplySchema,
  twoFactorRequirementReplySchema,
  twoFactorRequirementSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../shared/schemas/two-factor';
import * as twoFactor from './two-factor-service';

const BODY_LIMIT = 4096;

/**
 * A person's own second factor (every role), the business's requirement (owners) and the code step of sign-in.
 * `twoFactorSetup: true` marks the routes a session may call while the business requires a second factor the
 * person has not set up yet (platform/route-policy.ts).
 */
export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app.deps;
  const db = database.db;

  const caller = (request: FastifyRequest) => {
    if (!request.auth) throw new HttpError(401, 'Please sign in to continue.');
    const { businessId, personId, sessionId } = request.auth;
    return { businessId, personId, sessionId, ip: request.ip };
  };
  const own = { role: 'staff', bodyLimit: BODY_LIMIT } as const;

  app.get('/two-factor', { config: { ...own, twoFactorSetup: true }, schema: { response: { 200: twoFactorStatusSchema } } }, async (request) =>
    twoFactor.status(db, caller(request)),
  );

  app.post('/two-factor/setup', { config: { ...own, twoFactorSetup: true }, schema: { response: { 200: twoFactorSetupSchema } } }, async (request) =>
    twoFactor.startSetup(db, caller(request)),
  );

  app.post('/two-factor/enable', { config: { ...own, twoFactorSetup: true }, schema: { response: { 200: recoveryCodesReplySchema } } }, async (request) => {
    const { code } = parse(enableTwoFactorSchema, request.body);
    return twoFactor.enable(db, caller(request), code);
  });

  app.post('/two-factor/disable', { config: own, schema: { response: { 200: messageResponseSchema } } }, async (request) =>
    twoFactor.disable(db, caller(request), parse(confirmIdentitySchema, request.body)),
  );

  app.post('/two-factor/recovery-codes', { config: own, schema: { response: { 200: recoveryCodesReplySchema } } }, async (request) =>
    twoFactor.regenerateRecoveryCodes(db, caller(request), parse(confirmIdentitySchema, request.body)),
  );

  app.put('/two-factor/requirement', { config: { role: 'owner', bodyLimit: BODY_LIMIT }, schema: { response: { 200: twoFactorRequirementReplySchema } } }, async (request) => {
    const { required } = parse(twoFactorRequirementSchema, request.body);
    return twoFactor.setRequirement(db, caller(request), required);
  });

  app.post('/auth/login/code', { config: { access: 'public', bodyLimit: BODY_LIMIT }, schema: { response: { 200: authResponseSchema } } }, async (request, reply) => {
    const input = parse(loginCodeSchema, request.body);
    const { business, person, session } = await twoFactor.completeSignIn(db, input, { ip: request.ip, userAgent: request.headers['user-agent'] });
    setSessionCookie(reply, session.token, session.expiresAt, config.secureCookies);
    return { business, person };
  });
}
