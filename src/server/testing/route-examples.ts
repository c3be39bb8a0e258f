import type { z } from 'zod';
import { landingSignupSchema, loginSchema, forgotPasswordSchema, resetPasswordSchema, signupSchema } from '../../shared/schemas/auth';
import {
  addClientSchema,
  bookingTrendsQuerySchema,
  clientListQuerySchema,
  sendGiftSchema,
  sendThanksSchema,
  topClientsQuerySchema,
} from '../../shared/schemas/clients';
import { webhookPayloadSchema } from '../../shared/schemas/imports';
import { updateClientSchema } from '../../shared/schemas/client-detail';
import type { TenantIds } from './tenant-data';
import { SMS_ROUTE_EXAMPLES } from './route-examples-sms';
import { SMS_INBOX_ROUTE_EXAMPLES } from './route-examples-sms-inbox';
import { SMS_OUTBOX_ROUTE_EXAMPLES } from './route-examples-sms-outbox';
import { REFERRALS_ROUTE_EXAMPLES } from './route-examples-referrals';
import { REFERRAL_CONVERSION_ROUTE_EXAMPLES } from './route-examples-referral-conversion';
import { REFERRALS_PUBLIC_ROUTE_EXAMPLES } from './route-examples-referrals-public';
import { BUSINESS_ROUTE_EXAMPLES } from './route-examples-business';
import { FORMS_ROUTE_EXAMPLES } from './route-examples-forms';
import { LEADS_ROUTE_EXAMPLES } from './route-examples-leads';
import { ONBOARDING_ROUTE_EXAMPLES } from './route-examples-onboarding';
import { INSIGHTS_ROUTE_EXAMPLES } from './route-examples-insights';
import { REVIEWS_ROUTE_EXAMPLES } from './route-examples-reviews';
import { NOTIFICATIONS_ROUTE_EXAMPLES } from './route-examples-notifications';
import { TEAM_ROUTE_EXAMPLES } from './route-examples-team';
import { ACCOUNT_ROUTE_EXAMPLES } from './route-examples-account';
import { TWO_FACTOR_ROUTE_EXAMPLES } from './route-examples-two-factor';

// One valid request for every API route, keyed 'METHOD /api/url' exactly as the route table lists it
// (platform/route-table.ts). fuzz.test.ts mutates each one; cross-tenant.test.ts sends each one as a
// second business with the first business's ids. A route registered without an entry here fails both
// tests, naming this file.

export const ROUTE_EXAMPLES_FILE = 'src/server/testing/route-examples.ts';

/** The ids a request may name: the caller's own in the fuzz, the other business's in the tenancy matrix. */
export type ExampleIds = TenantIds & { webhookToken: string; /** The business the ids belong to (the fuzz's; public routes take it in a body). */ businessId?: number };

export type RouteExample = {
  params?: (ids: ExampleIds) => Record<string, string>;
  /** Query strings to send; the tenancy matrix sends each, the fuzz mutates each key of the first. */
  queries?: Record<string, string>[];
  /** A JSON body. */
  body?: (ids: ExampleIds) => unknown;
  /** A multipart upload with one file. */
  upload?: { field: string; fileName: string; content: (ids: ExampleIds) => string };
  /** The shared schemas that parse the input: whatever they refuse must be answered with a 4xx. */
  bodySchema?: z.ZodType;
  querySchema?: z.ZodType;
  /** Tables a refused request writes to by design (the webhook log, the upload history). */
  refusalsLoggedIn?: string[];
  /** Why the tenancy matrix leaves this route out (only public routes that read no session may). */
  notInTenancyMatrix?: string;
  /**
   * Why the route changes or ends the caller's own account (a new webhook token, deleting the account): the
   * fuzz sends each of its cases as a business of its own, and the tenancy matrix walks it after every
   * other route and read, so what it does to the caller cannot blur the other routes' answers.
   */
  affectsCaller?: string;
  /**
   * The request naming another business's resources at the SMS provider, for a route whose schema has a field in
   * `providerIdFields` (shared/schemas/provider-ids.ts): the tenancy matrix sends it from a fresh business in the
   * `caller` state and expects a refusal that changes nothing, here or at the provider.
   */
  providerIds?: { caller: 'with a number' | 'without a number'; body: (ids: ProviderIds) => unknown };
};

/** Another business's resources at the SMS provider: its messaging service (made by the platform's registration) and its number. */
export type ProviderIds = { messagingService: string; number: string };

const password = 'correct horse 1';

export const ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/health': { notInTenancyMatrix: 'public; reads no business' },
  'GET /api/openapi.json': { notInTenancyMatrix: 'public; the API document, reads no business' },
  'GET /api/reference': { notInTenancyMatrix: 'public; the API document as a page, reads no business' },

  // accounts
  'GET /api/auth/me': {},
  'POST /api/auth/signup': {
    body: () => ({ name: 'Gamma Pools', email: 'gamma@example.com', password, confirmPassword: password }),
    bodySchema: signupSchema.or(landingSignupSchema),
    notInTenancyMatrix: 'public; creates a new business from the body alone',
  },
  'POST /api/auth/login': {
    body: () => ({ email: 'nobody@example.com', password }),
    bodySchema: loginSchema,
    notInTenancyMatrix: "public; the credentials name the business (A's would sign in as A)",
  },
  'POST /api/auth/logout': { notInTenancyMatrix: "ends the caller's own session only" },
  'POST /api/auth/forgot-password': {
    body: () => ({ email: 'nobody@example.com' }),
    bodySchema: forgotPasswordSchema,
    notInTenancyMatrix: 'public; answers the same for every address',
  },
  'GET /api/auth/verify-reset-token/:token': {
    params: () => ({ token: 'not-a-real-reset-token' }),
    notInTenancyMatrix: 'public; the token names the business',
  },
  'POST /api/auth/reset-password': {
    body: () => ({ token: 'not-a-real-reset-token', password, confirmPassword: password }),
    bodySchema: resetPasswordSchema,
    notInTenancyMatrix: 'public; the token names the business',
  },
  'GET /api/business/profile': {},

  // clients
  'GET /api/clients': {
    queries: [{}, { page: '1', pageSize: '25', search: 'alice', sort: 'loyaltyScore' }, { new: 'true' }],
    querySchema: clientListQuerySchema,
  },
  'GET /api/clients/:id': { params: (ids) => ({ id: String(ids.client) }) },
  'PATCH /api/clients/:id': {
    params: (ids) => ({ id: String(ids.client) }),
    body: () => ({ name: 'Bob Beta', email: 'bob.edit@example.com', phone: '4155550142', notes: 'Gate code 1234' }),
    bodySchema: updateClientSchema,
  },
  'DELETE /api/clients/:id': { params: (ids) => ({ id: String(ids.client) }) },
  'GET /api/clients/top': { queries: [{ limit: '5' }], querySchema: topClientsQuerySchema },
  'GET /api/clients/loyalty-distribution': {},
  'POST /api/clients': {
    // The first business's client's e-mail: the second business gets a client of its own.
    body: () => ({ name: 'Bob Beta', email: 'alice.client@example.com', phone: '4155550199', serviceDate: '2025-01-10', serviceType: 'Mow', amount: 50 }),
    bodySchema: addClientSchema,
  },
  'GET /api/dashboard/stats': {},
  'GET /api/analytics/booking-trends': { queries: [{ days: '30' }, { days: '7' }], querySchema: bookingTrendsQuerySchema },
  'POST /api/admin/send-gift': { body: (ids) => ({ clientId: ids.client, giftType: 'discount', amount: 25 }), bodySchema: sendGiftSchema },
  'POST /api/admin/send-thanks': { body: (ids) => ({ clientId: ids.client, message: 'Thanks so much!' }), bodySchema: sendThanksSchema },
  'GET /api/admin/export': {},

  // imports
  'POST /api/upload/csv': {
    upload: { field: 'csv', fileName: 'b.csv', content: () => 'Client Name,Client Email,Service Date\nBob Beta,alice.client@example.com,2025-02-01\n' },
    refusalsLoggedIn: ['csv_upload_logs'],
  },
  'GET /api/csv-uploads': {},
  'GET /api/webhook-logs': {},
  'GET /api/webhook/logs': {},
  'POST /api/webhook/:token': {
    params: (ids) => ({ token: ids.webhookToken }),
    body: () => ({ client_name: 'Web Hook', client_email: 'hook@example.com', appointment_date: '2025-02-03', status: 'Completed', amount_charged: 40 }),
    bodySchema: webhookPayloadSchema,
    refusalsLoggedIn: ['webhook_logs'],
    notInTenancyMatrix: 'public; the token in the path names the business',
  },

  ...SMS_ROUTE_EXAMPLES,
  ...SMS_INBOX_ROUTE_EXAMPLES,
  ...SMS_OUTBOX_ROUTE_EXAMPLES,
  ...REFERRALS_ROUTE_EXAMPLES,
  ...REFERRAL_CONVERSION_ROUTE_EXAMPLES,
  ...REFERRALS_PUBLIC_ROUTE_EXAMPLES,
  ...BUSINESS_ROUTE_EXAMPLES,
  ...FORMS_ROUTE_EXAMPLES,
  ...LEADS_ROUTE_EXAMPLES,
  ...ONBOARDING_ROUTE_EXAMPLES,
  ...INSIGHTS_ROUTE_EXAMPLES,
  ...REVIEWS_ROUTE_EXAMPLES,
  ...NOTIFICATIONS_ROUTE_EXAMPLES,
  ...TEAM_ROUTE_EXAMPLES,
  ...ACCOUNT_ROUTE_EXAMPLES,
  ...TWO_FACTOR_ROUTE_EXAMPLES,
};
