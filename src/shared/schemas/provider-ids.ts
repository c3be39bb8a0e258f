import { z } from 'zod';

/**
 * Request fields that name a resource at the SMS provider (a messaging service, a number). Such a resource is one
 * business's (docs/sms-registration.md, "Ownership"); the tenancy test finds every route taking one through this
 * registry and sends it another business's.
 */
export const providerIdFields = z.registry<{ kind: 'messaging service' | 'number' }>();
