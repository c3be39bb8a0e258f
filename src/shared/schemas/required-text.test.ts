import { describe, expect, it } from 'vitest';
import { hasNoControlCharacters, hasVisibleText, requiredText } from './required-text';

// docs/input-rules.md "Required text": at least one visible character, no control characters.

const oneLine = requiredText('Name is required', 20, 'Name is too long');
const message = requiredText('Please enter a message', 50, 'The message is too long', { multiline: true });
const errorOf = (schema: typeof oneLine, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? null : r.error.issues[0].message;
};

describe('requiredText', () => {
  it.each(['Ann', ' Ann Lee ', 'Émile', '中文', '😀', 'O\u2019Brien', 'e\u0301'])('takes %j', (v) => expect(errorOf(oneLine, v)).toBeNull());

  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['a zero-width space', '\u200b'],
    ['zero-width joiners and a BOM', '\u200c\u200d\ufeff'],
    ['direction marks', '\u200e\u200f\u202e'],
    ['a no-break space', '\u00a0'],
    ['an ideographic space', '\u3000'],
    ['a Hangul filler', '\u3164'],
    ['a braille blank', '\u2800'],
    ['a combining mark alone', '\u0301'],
    ['line breaks', '\n\r\n'],
    ['a line separator', '\u2028'],
    ['a bell', '\u0007'],
    ['a bell inside', 'Ann\u0007Lee'],
    ['a line break inside', 'Ann\nLee'],
    ['an escape inside', 'Ann\u001b[31mLee'],
    ['a C1 control inside', 'Ann\u0085Lee'],
    ['a tab inside', 'Ann\tLee'],
    ['not a string', 42],
    ['missing', undefined],
  ])('refuses %s with the field message', (_label, v) => expect(errorOf(oneLine, v)).toBe('Name is required'));

  it('says too long past the maximum', () => expect(errorOf(oneLine, 'x'.repeat(21))).toBe('Name is too long'));

  it('lets a message have line breaks and tabs, not other controls or only invisible characters', () => {
    expect(message.parse('Hi Ann,\r\n\tsee you Monday.\n')).toBe('Hi Ann,\r\n\tsee you Monday.');
    expect(errorOf(message, '\u200b\n\u200b')).toBe('Please enter a message');
    expect(errorOf(message, 'Hi\u0000')).toBe('Please enter a message');
    expect(errorOf(message, 'Hi\u0007')).toBe('Please enter a message');
  });

  it('exposes its two checks', () => {
    expect(hasVisibleText('\u200b a')).toBe(true);
    expect(hasVisibleText('\u200b ')).toBe(false);
    expect(hasNoControlCharacters('a\nb')).toBe(false);
    expect(hasNoControlCharacters('a\nb', true)).toBe(true);
  });
});
