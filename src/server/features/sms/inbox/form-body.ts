import type { FormBodyRules } from '../../../platform/form-body';

// Twilio posts its webhooks form-encoded and signs the parameters as it sent them, decoded. The webhook scope
// takes that content type and nothing else.

/** More than Twilio ever sends (about 30 parameters, a 1,600-character body). */
export const WEBHOOK_FORM_LIMIT = 64 * 1024;

export const TWILIO_FORM_RULES: FormBodyRules = {
  bodyLimit: WEBHOOK_FORM_LIMIT,
  maxFields: 100,
  tooMany: 'The request has too many form parameters.',
  repeated: (name) => `The form parameter ${name} is repeated.`,
  only: true,
};
