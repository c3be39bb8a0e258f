import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parse } from '../../platform/validate';
import { publicReferralSchema, referralClaimReplySchema, referralClaimSchema } from '../../../shared/schemas/referrals-public';
import { LOOKUPS_PER_MINUTE } from './limits';
import * as service from './service';
import { notifyOwner } from '../notifications/service';

// The public referral page's calls (no session: the code names the business). docs/referrals.md "Public claim".

export async function publicReferralRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/public/referral/:code',
    {
      config: { access: 'public', rateLimit: { max: LOOKUPS_PER_MINUTE, timeWindow: 60_000 } },
      schema: { response: { 200: publicReferralSchema } },
    },
    async (request) => {
      const { code } = request.params as { code: string };
      return service.lookUpReferral(app.deps.database, code);
    },
  );

  api.post(
    '/public/referral',
    { config: { access: 'public', bodyLimit: 16 * 1024 }, schema: { response: { 200: referralClaimReplySchema } } },
    async (request) => {
      const input = parse(referralClaimSchema, request.body);
      const reply = await service.claimReferral(app.deps.database, input, request.ip);
      if (reply.status === 'created') await notifyOwner(app.deps.jobs, request.log, 'claim', reply.referralId);
      return reply;
    },
  );
}
