import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';

export type BusinessProfile = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  websiteUrl: string | null;
  googleReviewLink: string | null;
  webhookUrl: string;
  webhookToken: string;
  createdAt: string;
  twilioPhoneNumber: string | null;
  selectedPhoneNumber: string | null;
};

/** The signed-in business; webhookUrl is the full URL built on `origin` (APP_URL or the request's). */
export async function getProfile(db: Tx, businessId: number, origin: string): Promise<BusinessProfile> {
  const result = (await db.execute(sql`select id, name, email, phone, website_url, google_review_link, webhook_url,
      created_at, selected_phone_number from businesses where id = ${businessId}`)) as unknown as { rows: Record<string, any>[] };
  const b = result.rows[0];
  if (!b) throw new HttpError(404, 'Business not found');
  return {
    id: Number(b.id),
    name: b.name,
    email: b.email,
    phone: b.phone,
    websiteUrl: b.website_url,
    googleReviewLink: b.google_review_link,
    webhookUrl: `${origin.replace(/\/+$/, '')}/api/webhook/${encodeURIComponent(b.webhook_url)}`,
    webhookToken: b.webhook_url,
    createdAt: new Date(b.created_at).toISOString(),
    twilioPhoneNumber: b.selected_phone_number,
    selectedPhoneNumber: b.selected_phone_number,
  };
}
