import { randomBytes } from 'node:crypto';

/** A business's A2P registration details as the SMS Setup form sends them (docs/sms-registration.md). */
export const REGISTRATION_DETAILS = {
  businessType: 'llc',
  legalName: 'Sparkle Clean LLC',
  ein: '12-3456789',
  street: '100 Main St',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  website: 'https://sparkle.example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@sparkle.example.com',
  phone: '(512) 555-0100',
  title: 'Owner',
};

/**
 * A fresh messaging service sid the simulator accepts as an approved one: a service is one business's
 * (docs/sms-registration.md, "Ownership"), so each business connecting one names its own.
 */
export function ownServiceSid(): string {
  return `MG${randomBytes(16).toString('hex').slice(0, 28)}abcd`;
}
