import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_OPTIN_TEXT, EMBED_TOKEN_PATTERN, FIELD_ID_PATTERN } from '../../../shared/schemas/forms';
import { iframeCode, newDraft, newEmbedToken, newField, withType } from './draft';

describe('the form builder’s rules', () => {
  it('a new form has the four default fields, active, with the default styles', () => {
    const d = newDraft();
    expect(d.fields.map((f) => [f.label, f.type, f.required])).toEqual([
      ['Name', 'text', true],
      ['Email', 'email', true],
      ['Phone', 'phone', false],
      ['Message', 'textarea', false],
    ]);
    expect(d.isActive).toBe(true);
    expect(d.styles.primaryColor).toBe('#667eea');
  });

  it('a new field is text, "New Field", optional, with an id the server takes', () => {
    const f = newField();
    expect(f).toMatchObject({ type: 'text', label: 'New Field', required: false });
    expect(f.id).toMatch(FIELD_ID_PATTERN);
    expect(newField().id).not.toBe(f.id);
  });

  it('choosing sms-optin fills the default text only when there is none', () => {
    expect(withType(newField(), 'sms-optin').smsOptInText).toBe(DEFAULT_SMS_OPTIN_TEXT);
    expect(withType({ ...newField(), smsOptInText: 'Mine' }, 'sms-optin').smsOptInText).toBe('Mine');
  });

  it('embed tokens are long, random and well-formed', () => {
    const t = newEmbedToken();
    expect(t).toMatch(EMBED_TOKEN_PATTERN);
    expect(t).toHaveLength(43);
    expect(newEmbedToken()).not.toBe(t);
  });

  it('the iframe code: width 100%, height 600, the title escaped', () => {
    expect(iframeCode('https://app.example', 'tok', 'A "quote" <form>')).toBe(
      '<iframe src="https://app.example/api/forms/tok/embed" width="100%" height="600" frameborder="0" style="border:0" title="A &quot;quote&quot; &lt;form&gt;"></iframe>',
    );
  });
});
