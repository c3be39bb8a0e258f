import {
  assignLocalNumberSchema,
  outreachSettingsInputSchema,
  purchaseNumberSchema,
  searchNumbersSchema,
  sendSmsSchema,
} from '../../shared/schemas/sms';
import { scheduledQuerySchema } from '../../shared/schemas/sms-automations';
import { existingServiceSchema, registrationDetailsSchema } from '../../shared/schemas/sms-registration';
import type { RouteExample } from './route-examples';
import { REGISTRATION_DETAILS } from './registration-details';

/** Route examples of features/sms, its numbers and settings (see route-examples.ts). */
export const SMS_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/sms/search-numbers': { body: () => ({ areaCode: '512', businessZipCode: '' }), bodySchema: searchNumbersSchema },
  'POST /api/sms/purchase-number': {
    body: () => ({ phoneNumber: '+15125550110', areaCode: '512' }),
    bodySchema: purchaseNumberSchema,
    providerIds: { caller: 'without a number', body: (ids) => ({ phoneNumber: ids.number }) },
  },
  'POST /api/sms/assign-local-number': {
    body: () => ({ preferredAreaCode: '512', businessZipCode: '78701', forwardingNumber: '(415) 555-0199', enableForwarding: true }),
    bodySchema: assignLocalNumberSchema,
  },
  'POST /api/outreach/send-sms': {
    body: (ids) => ({ clientId: ids.client, messageType: 'followUp', messageContent: 'Hi {clientName}, just checking in!' }),
    bodySchema: sendSmsSchema,
  },
  'GET /api/outreach/settings': {},
  'POST /api/outreach/settings': {
    body: () => ({
      referralDiscount: '$30',
      referrerReward: '$10 gift card',
      googleReviewLink: 'https://g.page/r/example/review',
      customMessages: {
        referral: 'Share {referralLink} for {referralDiscount} off',
        thankYou: 'Thank you {clientName}!',
        followUp: 'Just checking in, {clientName}',
        review: 'Please review us: {googleReviewLink}',
      },
      autoMessageSettings: { autoSendThankYou: false, autoSendReview: true, cooldownDays: { thankYou: 7, review: 200 } },
    }),
    bodySchema: outreachSettingsInputSchema,
  },
  'GET /api/sms/templates': {},
  'GET /api/sms/registration': {},
  'POST /api/sms/registration': {
    body: () => ({ ...REGISTRATION_DETAILS }),
    bodySchema: registrationDetailsSchema,
  },
  'POST /api/sms/registration/existing': {
    body: () => ({ messagingServiceSid: `MG${'b'.repeat(32)}` }),
    bodySchema: existingServiceSchema,
    providerIds: { caller: 'with a number', body: (ids) => ({ messagingServiceSid: ids.messagingService }) },
  },
  'GET /api/sms/usage': {},
  'GET /api/sms/scheduled': { queries: [{}, { page: '2' }], querySchema: scheduledQuerySchema },
};
