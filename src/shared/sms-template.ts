// The personalisation placeholders of a text (spec part 2 section 5, plus {businessName}; docs/sms.md),
// filled in one way for the send service (server features/sms) and the bulk preview (web features/sms),
// so the preview shows the text that goes out.

export const PLACEHOLDERS = ['clientName', 'referralCode', 'referralLink', 'referralDiscount', 'googleReviewLink', 'businessName'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** Older names some templates use for the same values. */
const ALIASES: Record<string, Placeholder> = { reviewLink: 'googleReviewLink' };

export type RenderValues = Partial<Record<Placeholder, string | null | undefined>>;

/**
 * Replaces each known {placeholder} (exact case) with its value. A placeholder without a value is left
 * as written and listed: `missing` by placeholder (the send service then refuses rather than text a
 * hole), `missingAsWritten` as the text wrote it ('{reviewLink}'); any other text in braces is kept.
 */
export function renderMessage(template: string, values: RenderValues): { text: string; missing: Placeholder[]; missingAsWritten: string[] } {
  const missing = new Set<Placeholder>();
  const missingAsWritten = new Set<string>();
  const text = template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => {
    const placeholder = (PLACEHOLDERS as readonly string[]).includes(name) ? (name as Placeholder) : ALIASES[name];
    if (!placeholder) return whole;
    const value = values[placeholder];
    if (value == null || value === '') {
      missing.add(placeholder);
      missingAsWritten.add(whole);
      return whole;
    }
    return value;
  });
  return { text, missing: [...missing], missingAsWritten: [...missingAsWritten] };
}

/** The first name a text greets ("Maria" of "Maria Lopez"); the whole name when it has one word. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/** The public referral page for a code (spec: /refer with query parameter code). */
export function referralLink(origin: string, referralCode: string): string {
  return `${origin.replace(/\/+$/, '')}/refer?code=${encodeURIComponent(referralCode)}`;
}
