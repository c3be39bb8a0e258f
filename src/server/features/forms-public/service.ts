import { z } from 'zod';
import type { Database } from '../../db/client';
import { HttpError } from '../../platform/errors';
import * as counters from '../../platform/rate-limit-counters';
import { normalizePhone } from '../../../shared/phone';
import {
  FORM_INACTIVE,
  FORM_UNAVAILABLE,
  HONEYPOT_FIELD,
  PAGE_URL_FIELD,
  REF_FIELD,
  SMS_COMPLIANCE_TEXT,
  THANK_YOU,
  type FormField,
  type SubmissionInput,
} from '../../../shared/schemas/forms';
import { recordActivity } from '../activity-log/service';
import { SUBMISSIONS_PER_IP } from './limits';
import * as q from './queries';

// The public form (docs/forms.md "Submission"): a visitor's answers become a lead of the form's business,
// with a consent record when they ticked the SMS opt-in, in one transaction.

/** A refusal that names the fields at fault, so the page can show each message beside its field. */
export class FormInputError extends HttpError {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string>,
  ) {
    super(400, message);
  }
}

export type SubmitMeta = { ip: string; userAgent: string | null; referer: string | null };

export const MAX_TEXT_ANSWER = 500;
/** The same answers to the same form within this many minutes are stored once. */
export const DUPLICATE_MINUTES = 10;
const MAX_URL = 2000;
const MAX_USER_AGENT = 500;

const ticked = (v: string | boolean | undefined) => v === true || (typeof v === 'string' && ['on', 'true', '1', 'yes'].includes(v.trim().toLowerCase()));
const emailSchema = z.email();

type Answers = { values: Map<string, string | boolean>; errors: Record<string, string> };

/** Each field's answer checked against its type; unknown keys are ignored (docs/forms.md). */
export function readAnswers(fields: FormField[], body: SubmissionInput): Answers {
  const values = new Map<string, string | boolean>();
  const errors: Record<string, string> = {};
  const phoneField = fields.find((f) => f.type === 'phone');
  for (const f of fields) {
    const raw = Object.prototype.hasOwnProperty.call(body, f.id) ? body[f.id] : undefined;
    if (f.type === 'checkbox' || f.type === 'sms-optin') {
      const on = ticked(raw);
      if (f.required && !on) errors[f.id] = `Please tick “${f.label}”`;
      values.set(f.id, on);
      continue;
    }
    if (typeof raw === 'boolean') {
      errors[f.id] = `${f.label} must be text`;
      continue;
    }
    const value = (raw ?? '').trim();
    if (!value) {
      if (f.required) errors[f.id] = `${f.label} is required`;
      continue;
    }
    if (f.type === 'email') {
      if (value.length > 254 || !emailSchema.safeParse(value).success) errors[f.id] = 'Please enter a valid email address';
      else values.set(f.id, value);
    } else if (f.type === 'phone') {
      const phone = normalizePhone(value);
      if (!phone) errors[f.id] = 'Please enter a valid phone number, like (555) 123-4567';
      else values.set(f.id, phone);
    } else if (f.type === 'select') {
      if (!f.options?.includes(value)) errors[f.id] = `Please choose one of the options for ${f.label}`;
      else values.set(f.id, value);
    } else if (f.type === 'text' && value.length > MAX_TEXT_ANSWER) {
      errors[f.id] = `Please keep ${f.label} under ${MAX_TEXT_ANSWER} characters`;
    } else {
      values.set(f.id, value);
    }
  }
  const optIn = fields.find((f) => f.type === 'sms-optin');
  if (optIn && values.get(optIn.id) === true && !(phoneField && values.get(phoneField.id)) && !errors[phoneField?.id ?? '']) {
    errors[optIn.id] = 'Please enter your phone number to receive text messages';
  }
  return { values, errors };
}

/** Which answers become the lead's name, e-mail and phone; the rest go to customFields (docs/forms.md). */
export function leadOf(fields: FormField[], values: Map<string, string | boolean>) {
  const str = (f: FormField | undefined) => (f && typeof values.get(f.id) === 'string' ? (values.get(f.id) as string) : null);
  const texts = fields.filter((f) => f.type === 'text');
  const nameField = texts.find((f) => f.id === 'name') ?? texts.find((f) => /name/i.test(f.label)) ?? texts[0];
  const emailField = fields.find((f) => f.type === 'email');
  const phoneField = fields.find((f) => f.type === 'phone');
  const optIn = fields.find((f) => f.type === 'sms-optin');
  const mapped = new Set([nameField?.id, emailField?.id, phoneField?.id, optIn?.id]);
  const email = str(emailField);
  const phone = str(phoneField);
  const name = (str(nameField) ?? email ?? phone ?? 'Website visitor').replace(/\s+/g, ' ');
  const customFields: Record<string, string | boolean> = {};
  for (const f of fields) {
    if (mapped.has(f.id) || !values.has(f.id)) continue;
    let key = f.label;
    for (let n = 2; Object.prototype.hasOwnProperty.call(customFields, key); n += 1) key = `${f.label} (${n})`;
    customFields[key] = values.get(f.id)!;
  }
  const smsOptIn = optIn ? values.get(optIn.id) === true : false;
  return { name, email, phone, customFields, smsOptIn, optIn };
}

/** The visitor's answers besides name, e-mail and phone, one line each ('Message: Hi', 'Pets: Yes'). */
export function answerLines(customFields: Record<string, unknown>): string[] {
  return Object.entries(customFields).map(([label, value]) => `${label}: ${value === true ? 'Yes' : value === false ? 'No' : String(value)}`);
}

/** The answers as the owner reads them in the lead's notes (the inbox shows notes, not customFields). */
export function notesOf(formName: string, lead: Pick<ReturnType<typeof leadOf>, 'customFields' | 'smsOptIn'>): string {
  const lines = [`Sent through the form "${formName}".`, ...answerLines(lead.customFields)];
  if (lead.smsOptIn) lines.push('Agreed to receive text messages.');
  return lines.join('\n');
}

const urlOrNull = (v: unknown) => (typeof v === 'string' && v.length <= MAX_URL && /^https?:\/\/\S+$/i.test(v.trim()) ? v.trim() : null);

/** The page the visitor saw the form on: the embed page's note of its parent, else the Referer. */
export const pageUrlOf = (body: SubmissionInput, referer: string | null) => urlOrNull(body[PAGE_URL_FIELD]) ?? urlOrNull(referer);

/** A referral code as the Share dialog makes them (letters, digits, dashes), or null. */
const codeOrNull = (v: unknown) => (typeof v === 'string' && /^[A-Za-z0-9-]{1,40}$/.test(v.trim()) ? v.trim().toUpperCase() : null);

/**
 * The referral code the visitor came with (docs/referrals.md, "Referral credit"): the form's own field (the embed page
 * took it from its `?ref=`), else the `ref` of the page the form was on.
 */
export function referralCodeOf(body: SubmissionInput, referer: string | null): string | null {
  const own = codeOrNull(body[REF_FIELD]);
  if (own) return own;
  const page = pageUrlOf(body, referer);
  if (!page) return null;
  try {
    return codeOrNull(new URL(page).searchParams.get('ref'));
  } catch {
    return null;
  }
}

export type SubmitResult = { message: string; stored: boolean; leadId?: number };

export async function submit(database: Database, token: string, body: SubmissionInput, meta: SubmitMeta): Promise<SubmitResult> {
  const form = await q.selectFormByToken(database.db, token);
  if (!form) throw new HttpError(404, FORM_UNAVAILABLE);
  if (!form.isActive) throw new HttpError(409, FORM_INACTIVE);
  // A filled honeypot is a bot: it is answered like a person, and nothing is stored or counted.
  const trap = body[HONEYPOT_FIELD];
  if ((typeof trap === 'string' && trap.trim() !== '') || trap === true) return { message: THANK_YOU, stored: false };

  const { values, errors } = readAnswers(form.fields, body);
  const first = form.fields.find((f) => errors[f.id]);
  if (first) throw new FormInputError(errors[first.id], errors);
  const lead = leadOf(form.fields, values);
  const businessId = form.businessId;

  let stored = true;
  let leadId: number | undefined;
  const referralCode = referralCodeOf(body, meta.referer);
  await database.db.transaction(async (tx) => {
    const attempt = await counters.hit(tx, SUBMISSIONS_PER_IP, meta.ip);
    if (attempt.limited) {
      const minutes = counters.minutesUntil(attempt.resetAt);
      throw new HttpError(429, `Too many submissions from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    await q.lockForm(tx, form.id);
    const notes = notesOf(form.name, lead);
    const row = { businessId, formId: form.id, name: lead.name, email: lead.email, phone: lead.phone, customFields: lead.customFields, smsOptIn: lead.smsOptIn, notes };
    // The same answers again within minutes (a double click, a reload that posted again) are the same lead.
    if (await q.recentDuplicate(tx, row, DUPLICATE_MINUTES)) {
      stored = false;
      return;
    }
    // Counted first: a form switched off or deleted since it was read refuses, and the transaction writes nothing.
    if (!(await q.countSubmission(tx, businessId, form.id))) throw new HttpError(409, FORM_INACTIVE);
    leadId = await q.insertLead(tx, row);
    if (referralCode) await q.creditReferrer(tx, businessId, leadId, referralCode);
    if (lead.smsOptIn && lead.optIn && lead.phone) {
      await q.insertConsent(tx, {
        businessId,
        leadId,
        formId: form.id,
        phone: lead.phone,
        consentText: `${lead.optIn.smsOptInText} ${SMS_COMPLIANCE_TEXT}`,
        ip: meta.ip || null,
        userAgent: meta.userAgent ? meta.userAgent.slice(0, MAX_USER_AGENT) : null,
        pageUrl: pageUrlOf(body, meta.referer),
      });
    }
    await recordActivity(tx, businessId, 'form_submitted', `${lead.name} sent the form "${form.name}"${lead.smsOptIn ? ' and agreed to texts' : ''}`, {
      lead_id: leadId,
      form_id: form.id,
      form_name: form.name,
      lead_name: lead.name,
      sms_opt_in: lead.smsOptIn,
      ...(lead.phone ? { phone_number: lead.phone } : {}),
    });
  });
  return { message: THANK_YOU, stored, leadId };
}
