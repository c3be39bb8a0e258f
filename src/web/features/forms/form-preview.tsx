import type { CSSProperties } from 'react';
import { SMS_COMPLIANCE_TEXT, type FormField } from '../../../shared/schemas/forms';
import { FORM_CSS } from '../../../shared/schemas/forms-page-css';
import { formClassNames, formCssVars, type FormStyles } from '../../../shared/schemas/forms-styles';

// The live preview: the same markup and stylesheet as the public embed page (server forms-public/render.ts),
// so what the owner sees is what a visitor gets. It does not submit.

function PreviewField({ field: f }: { field: FormField }) {
  const id = `rf-preview-${f.id}`;
  const star = f.required ? (
    <span className="rf-req" aria-hidden="true">
      *
    </span>
  ) : null;
  if (f.type === 'checkbox' || f.type === 'sms-optin') {
    return (
      <div className="rf-field">
        <div className="rf-check">
          <input type="checkbox" id={id} />
          <label htmlFor={id}>
            {f.type === 'sms-optin' ? (
              <>
                <span>{f.smsOptInText}</span>
                <span className="rf-compliance">{SMS_COMPLIANCE_TEXT}</span>
              </>
            ) : (
              <>
                {f.label}
                {star}
              </>
            )}
          </label>
        </div>
      </div>
    );
  }
  const label = (
    <label htmlFor={id}>
      {f.label}
      {star}
    </label>
  );
  if (f.type === 'select') {
    return (
      <div className="rf-field">
        {label}
        <select id={id} defaultValue="">
          <option value="">Choose…</option>
          {(f.options ?? []).map((o, i) => (
            <option key={`${i}-${o}`}>{o}</option>
          ))}
        </select>
      </div>
    );
  }
  if (f.type === 'textarea') {
    return (
      <div className="rf-field">
        {label}
        <textarea id={id} placeholder={f.placeholder} />
      </div>
    );
  }
  return (
    <div className="rf-field">
      {label}
      <input type={f.type === 'email' ? 'email' : f.type === 'phone' ? 'tel' : 'text'} id={id} placeholder={f.placeholder} />
    </div>
  );
}

export function FormPreview({ name, description, fields, styles }: { name: string; description: string; fields: FormField[]; styles: FormStyles }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-3" data-testid="form-preview">
      <style>{FORM_CSS}</style>
      <div className={`rf ${formClassNames(styles)}`} style={formCssVars(styles) as CSSProperties}>
        <form className="rf-card" aria-label={`Preview of ${name || 'your form'}`} onSubmit={(e) => e.preventDefault()}>
          <p className="rf-title" role="heading" aria-level={3}>
            {name || 'Untitled form'}
          </p>
          {description && <p className="rf-desc">{description}</p>}
          {fields.map((f) => (
            <PreviewField key={f.id} field={f} />
          ))}
          <button type="submit" className="rf-button">
            Submit
          </button>
          {styles.trustElements ? (
            <p className="rf-trust">
              <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
                <rect x="4" y="11" width="16" height="10" rx="2" />
                <path d="M8 11V7a4 4 0 0 1 8 0v4" />
              </svg>
              <span>Secure form.{styles.privacyText ? ` ${styles.privacyText}` : ''}</span>
            </p>
          ) : (
            styles.privacyText && <p className="rf-privacy">{styles.privacyText}</p>
          )}
        </form>
      </div>
    </div>
  );
}
