import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '../../../shared/schemas/accounts-credentials';

/** The sign-in form's check: the server's own body schema. Loaded when the visitor first focuses the form. */
export const loginResolver = zodResolver(loginSchema);
