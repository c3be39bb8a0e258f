import { z } from 'zod';

// GET /api/business/delivery: where texts and e-mail really go (docs/settings.md "Delivery banner").
// 'simulator': texts are recorded in the app's database and leave nothing; 'files': e-mail is written as
// .eml files in the server's data folder. The web shows a banner on SMS, Leads and Settings for either.
export const deliveryDriversSchema = z.object({
  sms: z.enum(['twilio', 'simulator']),
  email: z.enum(['smtp', 'files']),
});
