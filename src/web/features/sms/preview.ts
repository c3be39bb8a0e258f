// What a client would read: the placeholders filled in as the send service fills them (server
// features/sms/render.ts; docs/sms.md), so the preview shows the text that goes out, and which
// placeholders have no value yet (the server then refuses to send rather than text a hole).

const PLACEHOLDERS = ['clientName', 'referralCode', 'referralLink', 'referralDiscount', 'googleReviewLink', 'businessName'] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];
const ALIASES: Record<string, Placeholder> = { reviewLink: 'googleReviewLink' };

export type PreviewValues = Partial<Record<Placeholder, string | null | undefined>>;

export function renderPreview(template: string, values: PreviewValues): { text: string; missing: string[] } {
  const missing = new Set<string>();
  const text = template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => {
    const placeholder = (PLACEHOLDERS as readonly string[]).includes(name) ? (name as Placeholder) : ALIASES[name];
    if (!placeholder) return whole;
    const value = values[placeholder];
    if (value == null || value === '') {
      missing.add(`{${name}}`);
      return whole;
    }
    return value;
  });
  return { text, missing: [...missing] };
}

/** "Maria" of "Maria Lopez". */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** The public referral page for a code (spec: /refer with query parameter code). */
export const referralLink = (origin: string, code: string) => `${origin.replace(/\/+$/, '')}/refer?code=${encodeURIComponent(code)}`;
