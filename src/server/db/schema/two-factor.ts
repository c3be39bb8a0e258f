import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns';
import { businesses, people } from './accounts';

// Two-factor sign-in: one-time recovery codes and the step between password and code (docs/accounts.md).

const businessId = () =>
  integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const personId = () =>
  integer('person_id')
    .notNull()
    .references(() => people.id, { onDelete: 'cascade' });

/** Ten per person, shown once; only the SHA-256 of each is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    businessId: businessId(),
    personId: personId(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_person_idx').on(t.personId), index('recovery_codes_business_idx').on(t.businessId)],
);

/** A right password of a person with two-factor: the SHA-256 of the token the code step sends back. No session yet. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    businessId: businessId(),
    personId: personId(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_business_idx').on(t.businessId), index('sign_in_challenges_person_idx').on(t.personId)],
);
