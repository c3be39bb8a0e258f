import type { QueryClient } from '@tanstack/react-query';

/** The forms feature's read. */
export const FORMS_KEY = '/api/forms';

export const refreshForms = (qc: QueryClient) => qc.invalidateQueries({ queryKey: [FORMS_KEY] });
