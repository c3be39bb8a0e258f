import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessIdOf } from '../../platform/session';
import { parse, parseId } from '../../platform/validate';
import { REFERRAL_NOT_FOUND } from '../../../shared/schemas/referrals';
import {
  bookingCandidatesQuerySchema,
  bookingCandidatesReplySchema,
  convertReferralInputSchema,
  convertReferralReplySchema,
} from '../../../shared/schemas/referral-conversion';
import { selectBookingCandidates } from './candidates';
import { convertReferralByHand } from './service';

// The owner marks a referral converted by hand (docs/referrals.md, "By hand").

export async function referralConversionRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.post('/referrals/:id/convert', { config: { role: 'staff' }, schema: { response: { 200: convertReferralReplySchema } } }, async (request) => {
    const id = parseId((request.params as { id?: string }).id, REFERRAL_NOT_FOUND);
    const { clientId, bookingId, amount } = parse(convertReferralInputSchema, request.body ?? {});
    return convertReferralByHand(db, businessIdOf(request), id, { clientId, bookingId, amount });
  });

  app.get('/referrals/:id/bookings', { config: { role: 'staff' }, schema: { response: { 200: bookingCandidatesReplySchema } } }, async (request) => {
    const id = parseId((request.params as { id?: string }).id, REFERRAL_NOT_FOUND);
    const { search } = parse(bookingCandidatesQuerySchema, request.query);
    return selectBookingCandidates(db, businessIdOf(request), id, search || undefined);
  });
}
