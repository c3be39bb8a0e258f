import { apiUrl } from '../api-client';

/** The forms feature's read. */
export const FORMS_KEY = apiUrl('GET /api/forms');
