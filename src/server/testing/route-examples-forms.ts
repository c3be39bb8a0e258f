import { DEFAULT_FIELDS, createFormSchema, submissionSchema, updateFormSchema } from '../../shared/schemas/forms';
import { DEFAULT_STYLES } from '../../shared/schemas/forms-styles';
import type { RouteExample } from './route-examples';

/** A well-formed token of the example's own (the browser makes one like it); no seeded form has it. */
const NEW_TOKEN = 'exampleEmbedToken_0123456789abcdefghijklmnop';

const fields = [
  ...DEFAULT_FIELDS,
  { id: 'service', type: 'select', label: 'Service', required: true, options: ['Deep clean', 'Standard clean'] },
  { id: 'sms', type: 'sms-optin', label: 'Text me', required: false },
];

/**
 * Route examples of features/forms and features/forms-public (see route-examples.ts). The public routes come
 * before DELETE, so the fuzz submits to the seeded form before its example deletes it.
 */
export const FORMS_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'GET /api/forms': {},
  'POST /api/forms': {
    body: () => ({ businessId: 0, name: 'Quote request', description: 'Tell us about your home', fields, embedToken: NEW_TOKEN, isActive: true, styles: DEFAULT_STYLES }),
    bodySchema: createFormSchema,
  },
  'GET /api/forms/:embedToken/embed': {
    params: (ids) => ({ embedToken: ids.formToken }),
    notInTenancyMatrix: 'public; reads no session: the embed token names the form and its business',
  },
  'POST /api/forms/:embedToken/submit': {
    params: (ids) => ({ embedToken: ids.formToken }),
    body: () => ({ name: 'Nora Lead' }),
    bodySchema: submissionSchema,
    notInTenancyMatrix: 'public; reads no session: the embed token names the form and its business',
  },
  'PATCH /api/forms/:id': {
    params: (ids) => ({ id: String(ids.form) }),
    body: () => ({ name: 'Quote request (new)', description: 'Tell us more', fields }),
    bodySchema: updateFormSchema,
  },
  'DELETE /api/forms/:id': { params: (ids) => ({ id: String(ids.form) }) },
};
