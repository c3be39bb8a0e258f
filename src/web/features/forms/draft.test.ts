import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_OPTIN_TEXT, EMBED_TOKEN_PATTERN, FIELD_ID_PATTERN } from '../../../shared/schemas/forms';
import { EMBED_FALLBACK_HEIGHT } from '../../../shared/schemas/forms-embed';
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

  it('the embed code: the iframe (width 100%, the fallback height, the title escaped) and the script that sizes it, from this origin only', () => {
    const [iframe, script] = iframeCode('https://app.example', 'tok', 'A "quote" <form>').split('\n');
    expect(iframe).toBe(
      `<iframe id="referloop-form-tok" src="https://app.example/api/forms/tok/embed" width="100%" height="${EMBED_FALLBACK_HEIGHT}" frameborder="0" style="border:0;width:100%" title="A &quot;quote&quot; &lt;form&gt;"></iframe>`,
    );
    expect(script).toMatch(/^<script>.*<\/script>$/);
    expect(script).toContain('e.origin==="https://app.example"');
    expect(script).toContain('e.source===f.contentWindow');
    expect(script).toContain('document.getElementById("referloop-form-tok")');
  });
});
