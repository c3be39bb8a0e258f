import { confirmIdentitySchema, enableTwoFactorSchema, loginCodeSchema, twoFactorRequirementSchema } from '../../shared/schemas/two-factor';
import type { RouteExample } from './route-examples';

/**
 * Route examples of features/two-factor (see route-examples.ts). Each acts on the caller's own person or business;
 * none names another business's ids. The codes are not right, so nothing is turned on or off.
 */
export const TWO_FACTOR_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/two-factor': {},
  'POST /api/two-factor/setup': {},
  'POST /api/two-factor/enable': {
    body: () => ({ code: '123456' }),
    bodySchema: enableTwoFactorSchema,
    // Wrong codes count towards the caller's code limit: a fresh caller per fuzz case keeps every case meaningful.
    affectsCaller: "turning two-factor on ends the caller's other sessions, and wrong codes count towards the caller's limit",
  },
  'POST /api/two-factor/disable': { body: () => ({ code: '123456' }), bodySchema: confirmIdentitySchema },
  'POST /api/two-factor/recovery-codes': { body: () => ({ code: '123456' }), bodySchema: confirmIdentitySchema },
  'PUT /api/two-factor/requirement': { body: () => ({ required: false }), bodySchema: twoFactorRequirementSchema },
  'POST /api/auth/login/code': {
    body: () => ({ challenge: 'no-such-sign-in-challenge', code: '123456' }),
    bodySchema: loginCodeSchema,
    notInTenancyMatrix: 'public; reads no session: the challenge names the person',
  },
};
