import { describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES, registrationDetailsSchema } from './sms-registration';

// The registration's shared schema: the EIN's shape, required text and the website (docs/input-rules.md).

const DETAILS = {
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
const messagesOf = (body: object) => {
  const r = registrationDetailsSchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('EIN', () => {
  it.each([
    ['12-3456789', '123456789'],
    ['123456789', '123456789'],
    [' 12-3456789 ', '123456789'],
  ])('takes %j as %s', (ein, digits) => expect(registrationDetailsSchema.parse({ ...DETAILS, ein }).ein).toBe(digits));

  it.each(['12-3456789x', '+123456789', '1-2-3-4-5-6-7-8-9', '12\u20133456789', '123-45-6789', '12 3456789', '1234567890', '12345678', '１２３４５６７８９', 'ab-cdefghi'])(
    'refuses %j, once, with its message',
    (ein) => expect(messagesOf({ ...DETAILS, ein })).toEqual([`ein: ${REGISTRATION_MESSAGES.ein}`]),
  );

  it('is required for a company, and may be left out by a sole proprietor', () => {
    for (const ein of ['', null, undefined]) {
      expect(messagesOf({ ...DETAILS, ein })).toEqual([`ein: ${REGISTRATION_MESSAGES.ein}`]);
      expect(registrationDetailsSchema.parse({ ...DETAILS, businessType: 'sole_proprietor', ein }).ein).toBe('');
    }
  });

  it("checks a sole proprietor's EIN when one is sent", () => {
    expect(messagesOf({ ...DETAILS, businessType: 'sole_proprietor', ein: '12-3456789x' })).toEqual([`ein: ${REGISTRATION_MESSAGES.ein}`]);
    expect(registrationDetailsSchema.parse({ ...DETAILS, businessType: 'sole_proprietor', ein: '12-3456789' }).ein).toBe('123456789');
  });
});

describe('required text and the website', () => {
  it.each([
    ['legalName', REGISTRATION_MESSAGES.legalName],
    ['street', REGISTRATION_MESSAGES.street],
    ['city', REGISTRATION_MESSAGES.city],
    ['firstName', REGISTRATION_MESSAGES.firstName],
    ['lastName', REGISTRATION_MESSAGES.lastName],
    ['title', REGISTRATION_MESSAGES.title],
  ])('%s: invisible or control characters answer %j', (field, message) => {
    for (const value of ['\u200b\u200b', '\u0007', '\r\n', '\u200f', 'Ann\nLee']) {
      expect(messagesOf({ ...DETAILS, [field]: value })).toEqual([`${field}: ${message}`]);
    }
  });

  it.each(['https://127.0.0.1', 'https://0x7f.0.0.1', 'https://2130706433', 'https://-.-', 'https://evil.com\\@good.com'])('website %j', (website) =>
    expect(messagesOf({ ...DETAILS, website })).toEqual([`website: ${REGISTRATION_MESSAGES.website}`]),
  );
});
