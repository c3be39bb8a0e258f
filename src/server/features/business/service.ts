import type { Db } from '../../db/client';
import { HttpError } from '../../platform/errors';
import type { BusinessProfile } from '../../../shared/schemas/business';
import * as accounts from '../accounts/service';

/**
 * The signed-in business as /api/auth/me gives it (webhookUrl is the token segment, as the spec says),
 * plus webhookEndpoint: the full URL built on `origin` (APP_URL or the request's).
 */
export async function getProfile(db: Db, businessId: number, origin: string): Promise<BusinessProfile> {
  const business = await accounts.currentBusiness(db, businessId);
  if (!business) throw new HttpError(404, 'Business not found');
  return { ...business, webhookEndpoint: `${origin.replace(/\/+$/, '')}/api/webhook/${encodeURIComponent(business.webhookUrl)}` };
}
