// Personalisation placeholders (spec part 2 section 5, plus {businessName}); docs/sms.md.

export const PLACEHOLDERS = ['clientName', 'referralCode', 'referralLink', 'referralDiscount', 'googleReviewLink', 'businessName'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** Older names some templates use for the same values. */
const ALIASES: Record<string, Placeholder> = { reviewLink: 'googleReviewLink' };

export type RenderValues = Partial<Record<Placeholder, string | null>>;

/**
 * Replaces each known {placeholder} (exact case) with its value. A placeholder without a value is
 * listed in `missing` (the send service then refuses rather than text a hole); any other text in
 * braces is left as written.
 */
export function renderMessage(template: string, values: RenderValues): { text: string; missing: Placeholder[] } {
  const missing = new Set<Placeholder>();
  const text = template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => {
    const placeholder = (PLACEHOLDERS as readonly string[]).includes(name) ? (name as Placeholder) : ALIASES[name];
    if (!placeholder) return whole;
    const value = values[placeholder];
    if (value == null || value === '') {
      missing.add(placeholder);
      return whole;
    }
    return value;
  });
  return { text, missing: [...missing] };
}

/** The first name a text greets ("Maria" of "Maria Lopez"); the whole name when it has one word. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/** The public referral page for a code (spec: /refer with query parameter code). */
export function referralLink(origin: string, referralCode: string): string {
  return `${origin.replace(/\/+$/, '')}/refer?code=${encodeURIComponent(referralCode)}`;
}

const WHAT: Record<Placeholder, string> = {
  clientName: 'a client',
  referralCode: 'a client',
  referralLink: 'a client',
  referralDiscount: 'a referral discount (Settings)',
  googleReviewLink: 'a Google review link (Settings)',
  businessName: 'a business name',
};

/** 'The message uses {googleReviewLink}, which needs a Google review link (Settings)...' */
export function missingMessage(missing: Placeholder[]): string {
  const names = missing.map((p) => `{${p}}`).join(', ');
  const needs = [...new Set(missing.map((p) => WHAT[p]))].join(' and ');
  return `The message uses ${names}, which needs ${needs}. Fill it in or remove it from the message; no text was sent.`;
}
