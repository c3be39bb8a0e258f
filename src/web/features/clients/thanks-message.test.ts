import { describe, expect, it } from 'vitest';
import { defaultThanksMessage } from './thanks-message';

describe('the thank-you text the dialog fills in', () => {
  it.each([
    ['Smith, John', 'Hi John!'],
    ['jane', 'Hi Jane!'],
    ['Dr. Ann Lee', 'Hi Ann!'],
    ['', 'Hi there!'],
    ['   ', 'Hi there!'],
  ])('greets %j as %j', (name, greeting) => {
    const text = defaultThanksMessage(name);
    expect(text.startsWith(`${greeting} Thank you`)).toBe(true);
    expect(text).not.toMatch(/,!|\s!|\{|\}/);
  });
});
