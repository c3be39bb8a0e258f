import { describe, expect, it } from 'vitest';
import { formatPhone } from './format';
import { notificationsSavedText } from './schemas/notifications';

// The Notifications section's saved toast says plainly what was saved (docs/settings.md, "Notifications").

describe('notificationsSavedText', () => {
  it('names the e-mail choice and the text to the phone', () => {
    expect(notificationsSavedText({ email: 'each', phone: '+15125550199' }, formatPhone)).toBe(
      'You will get an email for each new lead, referral claim and text, and a text to (512) 555-0199 for each one.',
    );
    expect(notificationsSavedText({ email: 'digest', phone: null }, formatPhone)).toBe(
      'You will get one email a day at 8 am with the new leads, referral claims and texts, and no texts.',
    );
    expect(notificationsSavedText({ email: 'off', phone: '+15125550199' }, formatPhone)).toBe('You will get no emails, and a text to (512) 555-0199 for each one.');
  });

  it('says when nothing at all will tell the owner', () => {
    expect(notificationsSavedText({ email: 'off', phone: null }, formatPhone)).toBe(
      'You chose no emails and no texts: you will not be told about new leads, referral claims or texts.',
    );
  });
});
