import type { FormBodyRules } from '../../platform/form-body';
import { MAX_SUBMISSION_KEYS } from '../../../shared/schemas/forms';
import { SUBMIT_BODY_LIMIT } from './limits';

// A plain HTML form posts application/x-www-form-urlencoded; the submit scope takes it beside the app's JSON
// and text parsers.
export const SUBMISSION_FORM_RULES: FormBodyRules = {
  bodyLimit: SUBMIT_BODY_LIMIT,
  maxFields: MAX_SUBMISSION_KEYS,
  tooMany: 'The submission has too many fields',
  repeated: (name) => `The form field ${name} is sent twice`,
};
