import { HONEYPOT_FIELD, PAGE_URL_FIELD, REF_FIELD,
  SMS_COMPLIANCE_TEXT, type FormField } from '../../../shared/schemas/forms';
import { FORM_CSS } from '../../../shared/schemas/forms-page-css';
import { formClassNames, formCssVars, stylesOf } from '../../../shared/schemas/forms-styles';
import { EMBED_PAGE_SCRIPT } from '../../../shared/schemas/forms-embed';

// The public embed page: plain HTML, one inline style element and one short inline script that tells the
// framing page its height (docs/forms.md "Embed page"). Everything the owner typed (name, description, labels, placeholders, options, opt-in text) and
// everything a visitor sent back is escaped here, in one function.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);

export type PageForm = { name: string; description: string | null; fields: FormField[]; embedToken: string; styles: unknown };
export type PageState = { values?: Record<string, string | boolean>; errors?: Record<string, string>; alert?: string; pageUrl?: string | null; referralCode?: string | null };

const LOCK =
  '<svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true" focusable="false"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>';

function shell(title: string, styles: unknown, body: string, nonce: string): string {
  const s = stylesOf(styles);
  const vars = Object.entries(formCssVars(s))
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${nonce}">html,body{margin:0;background:transparent}body{padding:12px}:root{${vars}}${FORM_CSS}</style></head><body><main class="rf ${formClassNames(s)}">${body}</main><script nonce="${nonce}">${EMBED_PAGE_SCRIPT}</script></body></html>`;
}

const checked = (v: string | boolean | undefined) => v === true || (typeof v === 'string' && ['on', 'true', '1', 'yes'].includes(v.toLowerCase()));

function fieldHtml(f: FormField, state: PageState): string {
  const id = `rf-${f.id}`;
  const name = escapeHtml(f.id);
  const error = state.errors?.[f.id];
  const value = state.values?.[f.id];
  const text = typeof value === 'string' ? value : '';
  const aria = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  const req = f.required ? ' required' : '';
  const errorHtml = error ? `<p class="rf-error" id="${id}-error">${escapeHtml(error)}</p>` : '';
  const star = f.required ? '<span class="rf-req" aria-hidden="true">*</span>' : '';
  const label = `<label for="${id}">${escapeHtml(f.label)}${star}</label>`;
  const ph = f.placeholder ? ` placeholder="${escapeHtml(f.placeholder)}"` : '';
  switch (f.type) {
    case 'checkbox':
    case 'sms-optin': {
      const words =
        f.type === 'sms-optin'
          ? `<span>${escapeHtml(f.smsOptInText)}</span><span class="rf-compliance">${escapeHtml(SMS_COMPLIANCE_TEXT)}</span>`
          : `${escapeHtml(f.label)}${star}`;
      return `<div class="rf-field"><div class="rf-check"><input type="checkbox" id="${id}" name="${name}" value="on"${checked(value) ? ' checked' : ''}${req}${aria}><label for="${id}">${words}</label></div>${errorHtml}</div>`;
    }
    case 'select': {
      const options = (f.options ?? []).map((o) => `<option${o === text ? ' selected' : ''}>${escapeHtml(o)}</option>`).join('');
      return `<div class="rf-field">${label}<select id="${id}" name="${name}"${req}${aria}><option value="">Choose…</option>${options}</select>${errorHtml}</div>`;
    }
    case 'textarea':
      return `<div class="rf-field">${label}<textarea id="${id}" name="${name}" maxlength="5000"${ph}${req}${aria}>${escapeHtml(text)}</textarea>${errorHtml}</div>`;
    default: {
      const type = f.type === 'email' ? 'email' : f.type === 'phone' ? 'tel' : 'text';
      const auto = f.type === 'email' ? 'email' : f.type === 'phone' ? 'tel' : /name/i.test(f.label) ? 'name' : 'off';
      return `<div class="rf-field">${label}<input type="${type}" id="${id}" name="${name}" autocomplete="${auto}" maxlength="500" value="${escapeHtml(text)}"${ph}${req}${aria}>${errorHtml}</div>`;
    }
  }
}

/** The form as a page that any site may frame. */
export function formPage(form: PageForm, state: PageState, nonce: string): string {
  const s = stylesOf(form.styles);
  const action = `/api/forms/${encodeURIComponent(form.embedToken)}/submit`;
  const trust = s.trustElements
    ? `<p class="rf-trust">${LOCK}<span>Secure form.${s.privacyText ? ` ${escapeHtml(s.privacyText)}` : ''}</span></p>`
    : s.privacyText
      ? `<p class="rf-privacy">${escapeHtml(s.privacyText)}</p>`
      : '';
  const body = [
    `<form class="rf-card" method="post" action="${action}" aria-labelledby="rf-title">`,
    `<h1 id="rf-title">${escapeHtml(form.name)}</h1>`,
    form.description ? `<p class="rf-desc">${escapeHtml(form.description)}</p>` : '',
    state.alert ? `<p class="rf-alert" role="alert">${escapeHtml(state.alert)}</p>` : '',
    ...form.fields.map((f) => fieldHtml(f, state)),
    `<div class="rf-hp" aria-hidden="true"><label for="rf-hp">Leave this field empty</label><input type="text" id="rf-hp" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>`,
    state.pageUrl ? `<input type="hidden" name="${PAGE_URL_FIELD}" value="${escapeHtml(state.pageUrl)}">` : '',
    state.referralCode ? `<input type="hidden" name="${REF_FIELD}" value="${escapeHtml(state.referralCode)}">` : '',
    '<button type="submit" class="rf-button">Submit</button>',
    trust,
    '</form>',
  ].join('');
  return shell(form.name, form.styles, body, nonce);
}

/** A message in the form's look (thank-you, unavailable, inactive), with an optional link (back to the form). */
export function messagePage(title: string, message: string, styles: unknown, nonce: string, link?: { href: string; text: string }): string {
  const more = link ? `<p class="rf-desc"><a class="rf-link" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  return shell(title, styles, `<div class="rf-card rf-done" role="status"><h1>${escapeHtml(title)}</h1><p class="rf-desc">${escapeHtml(message)}</p>${more}</div>`, nonce);
}
