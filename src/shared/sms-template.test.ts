import { describe, expect, it } from 'vitest';
import { REWARD_PRESETS } from './schemas/onboarding';
import { DEFAULT_CUSTOM_MESSAGES } from './schemas/sms';
import { firstName, renderMessage, rewardPhrase, tidyText, unsetSettingsSentence, unsetSettingsValues } from './sms-template';

// Every template a business starts with, the quick-start ones, and the older defaults still saved by
// businesses that never edited them, × every preset and owner-typed reward × awkward names.
const TEMPLATES = [
  ...Object.values(DEFAULT_CUSTOM_MESSAGES),
  "Hi {clientName}, it's been a while! Reply to this text to book your next visit with {businessName}.",
  'Hi {clientName}! {businessName} has openings this week. Reply to this text to grab a spot.',
  'Hi {clientName}! Know someone who needs a hand? Share your link {referralLink} and you both get {referralDiscount} off.',
  'Hi {clientName}, thank you for choosing us! Friends you send our way get {referralDiscount} off with your link: {referralLink}',
  "Hi {clientName}, just checking in! Your {referralDiscount} off your first service is still waiting. Book with your friend's link: {referralLink}",
  "Hi {clientName}! Thanks for being a great client. Share your link with friends and they'll get {referralDiscount} off their first service: {referralLink}",
  'Thank you {clientName}!',
  'Just checking in, {clientName}',
];
const REWARDS = [...REWARD_PRESETS, '$25 off for both', 'Free add-on service', '$10 gift card', '10% off their next booking', 'Free service upgrade', '$25', '25', '$25 off', '10%', 'Free window cleaning.', '$50 credit'];
const NAMES = ['Smith, John', 'jane', 'Dr. Ann Lee', '', 'Maria Lopez', '  ', 'Lee,'];

const render = (template: string, reward: string, name: string) =>
  renderMessage(template, {
    clientName: firstName(name),
    referralDiscount: reward,
    referralCode: 'AB12CD',
    referralLink: 'https://app.test/refer?code=AB12CD',
    googleReviewLink: 'https://g.page/r/sparkle/review',
    businessName: 'Sparkle Cleaning',
  });

describe('every template × every reward × every name reads as written', () => {
  for (const template of TEMPLATES) {
    it(template.slice(0, 60), () => {
      for (const reward of REWARDS) {
        for (const name of NAMES) {
          const { text, missing } = render(template, reward, name);
          const where = `${JSON.stringify(name)} / ${JSON.stringify(reward)}: ${text}`;
          expect(missing, where).toEqual([]);
          expect(text, where).not.toMatch(/[{}]/);
          expect(text, where).not.toMatch(/\b(\w+)\s+\1\b/i); // "off off", "service service"
          expect(text, where).not.toMatch(/\s[,.!?;:]/); // "Hi ,"
          expect(text, where).not.toMatch(/[,;:][,.!?;:]/); // "Hi,!"
          expect(text, where).not.toMatch(/^[,.!?;:]|[,;:]$/);
          expect(text, where).not.toMatch(/\boff\s+(?:for|off)\b|\b(?:a|an)\s+(?:a|an|\$?\d+\s+off)\b/i); // "$25 off for both", "a a"
          expect(text, where).not.toMatch(/\b(?:your|their)\s+(?:a|an)\b/i); // "Your a free..."
          expect(text, where).not.toMatch(/Smith|Dr\.|\bjane\b/); // greeted by first name, with a capital
          // Twice (the follow-up fills the name first, the send service the rest) reads the same.
          const once = renderMessage(template, { clientName: firstName(name) }).text;
          expect(render(once, reward, name).text, where).toBe(text);
        }
      }
    });
  }

  it('reads as intended for the examples', () => {
    const [referral, thankYou, followUp] = [DEFAULT_CUSTOM_MESSAGES.referral, DEFAULT_CUSTOM_MESSAGES.thankYou, DEFAULT_CUSTOM_MESSAGES.followUp];
    expect(render(referral, '$25 off for both', 'Smith, John').text).toBe(
      "Hi John! Thanks for being a great client. Share your link with friends and they'll get $25 off when they book: https://app.test/refer?code=AB12CD",
    );
    expect(render(thankYou, 'Free add-on service', 'jane').text).toContain('Hi Jane, thank you');
    expect(render(thankYou, 'Free add-on service', 'jane').text).toContain('They get a free add-on service when they book with your link');
    expect(render(followUp, 'A $10 gift card', '').text).toBe(
      "Hi, just checking in! You still get a $10 gift card when you book your first visit with your friend's link: https://app.test/refer?code=AB12CD",
    );
    expect(render('Hi {clientName}!', '$25', 'Dr. Ann Lee').text).toBe('Hi Ann!');
    expect(render('Hi {clientName}!', '$25', '').text).toBe('Hi!');
    // The text received before: "they'll get $25 off for both off their first service".
    expect(render("Hi {clientName}, they'll get {referralDiscount} off their first service", '$25 off for both', 'Smith, John').text).toBe(
      "Hi John, they'll get $25 off their first service",
    );
  });
});

describe('rewardPhrase', () => {
  it.each([
    ['$25', '$25 off'],
    ['25', '$25 off'],
    ['$25 off for both', '$25 off'],
    ['10% off their next booking', '10% off'],
    ['10 %', '10% off'],
    ['Free add-on service', 'a free add-on service'],
    ['A free add-on service', 'a free add-on service'],
    ['$10 gift card', 'a $10 gift card'],
    ['Extra hour.', 'an extra hour'],
    ['VIP upgrade', 'a VIP upgrade'],
    ['2 free cleanings', '2 free cleanings'],
    ['Free windows', 'free windows'],
  ])('%s → %s', (raw, phrase) => expect(rewardPhrase(raw)).toBe(phrase));
});

describe('firstName', () => {
  it.each([
    ['Smith, John', 'John'],
    ['jane', 'Jane'],
    ['Dr. Ann Lee', 'Ann'],
    ['', ''],
    ['  Maria  Lopez ', 'Maria'],
    ["O'Brien, Mary Kate", 'Mary'],
    ['McDonald', 'McDonald'],
  ])('%s → %s', (name, first) => expect(firstName(name)).toBe(first));

  it('tidyText leaves a clean text alone', () => {
    expect(tidyText('Hi Bo! Book at https://x.test/a?b=1: see you.')).toBe('Hi Bo! Book at https://x.test/a?b=1: see you.');
  });
});

describe('Settings values a message needs', () => {
  it('lists the Settings placeholders without a value, as written; client values never count', () => {
    expect(unsetSettingsValues(DEFAULT_CUSTOM_MESSAGES.review, { referralDiscount: '$25', googleReviewLink: null })).toEqual(['{googleReviewLink}']);
    expect(unsetSettingsValues('Review: {reviewLink}', { referralDiscount: '$25', googleReviewLink: '' })).toEqual(['{reviewLink}']);
    expect(unsetSettingsValues(DEFAULT_CUSTOM_MESSAGES.review, { referralDiscount: '$25', googleReviewLink: 'https://g.page/r/x/review' })).toEqual([]);
    expect(unsetSettingsValues('Hi {clientName}, {referralLink} {businessName}', { referralDiscount: '$25', googleReviewLink: null })).toEqual([]);
  });

  it('says which value is missing, where to add it, and that no text goes out with it', () => {
    expect(unsetSettingsSentence(['{googleReviewLink}'])).toBe(
      '{googleReviewLink} has no value yet: add your Google review link in Settings or remove it from the message. A text that uses it is not sent.',
    );
    expect(unsetSettingsSentence(['{referralDiscount}', '{googleReviewLink}'])).toBe(
      '{referralDiscount}, {googleReviewLink} have no value yet: add your referral reward and your Google review link in Settings or remove them from the message. A text that uses them is not sent.',
    );
  });
});
