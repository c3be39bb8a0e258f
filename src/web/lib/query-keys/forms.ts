/** The forms feature's read. */
export const FORMS_KEY = '/api/forms';
