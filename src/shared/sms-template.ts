// The personalisation placeholders of a text (spec part 2 section 5, plus {businessName}; docs/sms.md),
// filled in one way for the send service (server features/sms) and the bulk preview (web features/sms),
// so the preview shows the text that goes out.

export const PLACEHOLDERS = ['clientName', 'referralCode', 'referralLink', 'referralDiscount', 'googleReviewLink', 'businessName'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** Older names some templates use for the same values. */
const ALIASES: Record<string, Placeholder> = { reviewLink: 'googleReviewLink' };

export type RenderValues = Partial<Record<Placeholder, string | null | undefined>>;

/**
 * Replaces each known {placeholder} (exact case) with its value. A placeholder without a value (null or
 * undefined) is left as written and listed: `missing` by placeholder (the send service then refuses rather
 * than text a hole), `missingAsWritten` as the text wrote it ('{reviewLink}'); any other text in braces is
 * kept. An empty {clientName} is dropped with the space before it ("Hi {clientName}," reads "Hi,"), the
 * reward is filled as its phrase (rewardPhrase) and fitted to the words around it, and the result is tidied
 * (tidyText). Rendering twice (the follow-up fills the friend's name first, the send service the rest)
 * gives the same text as once.
 */
export function renderMessage(template: string, values: RenderValues): { text: string; missing: Placeholder[]; missingAsWritten: string[] } {
  const missing = new Set<Placeholder>();
  const missingAsWritten = new Set<string>();
  const reward = values.referralDiscount ? rewardPhrase(values.referralDiscount) : values.referralDiscount;
  let text = fitReward(template, reward);
  text = text.replace(/(\s*)\{([A-Za-z]+)\}/g, (whole, space: string, name: string) => {
    const placeholder = (PLACEHOLDERS as readonly string[]).includes(name) ? (name as Placeholder) : ALIASES[name];
    if (!placeholder) return whole;
    const value = placeholder === 'referralDiscount' ? reward : values[placeholder];
    if (placeholder === 'clientName' && value === '') return '';
    if (value == null || value === '') {
      missing.add(placeholder);
      missingAsWritten.add(whole.trim());
      return whole;
    }
    return space + value;
  });
  return { text: tidyText(text), missing: [...missing], missingAsWritten: [...missingAsWritten] };
}

/** The placeholders filled from Settings (one value for every text of the business), and where to fill them. */
const SETTINGS_VALUES: Partial<Record<Placeholder, string>> = {
  referralDiscount: 'your referral reward',
  googleReviewLink: 'your Google review link',
};

/**
 * The Settings values a message uses that have no value yet, as it wrote them ('{googleReviewLink}',
 * '{reviewLink}'). Such a text can't go out, so the bulk preview warns and disables Send, bulk send refuses it
 * before queuing and the automations queue none (docs/sms.md, "Settings values a text needs").
 */
export function unsetSettingsValues(message: string, values: Pick<RenderValues, 'referralDiscount' | 'googleReviewLink'>): string[] {
  // Every other placeholder gets a stand-in, so only the Settings values can be missing.
  const standIns: RenderValues = { clientName: 'x', referralCode: 'x', referralLink: 'x', businessName: 'x' };
  return renderMessage(message, { ...standIns, ...values }).missingAsWritten;
}

/** "{googleReviewLink} has no value yet: add your Google review link in Settings or remove it from the message. A text that uses it is not sent." */
export function unsetSettingsSentence(written: string[]): string {
  const one = written.length === 1;
  const needs = [...new Set(written.map((w) => SETTINGS_VALUES[ALIASES[w.slice(1, -1)] ?? (w.slice(1, -1) as Placeholder)]))].join(' and ');
  return `${written.join(', ')} ${one ? 'has' : 'have'} no value yet: add ${needs} in Settings or remove ${one ? 'it' : 'them'} from the message. A text that uses ${one ? 'it' : 'them'} is not sent.`;
}

const AMOUNT = /^(?:[$€£]\s?\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s?%|\d+(?:[.,]\d+)?)/;

const tidy = (raw: string) => raw.trim().replace(/\s+/g, ' ').replace(/[\s.,;:!]+$/, '');

/**
 * The reward's amount when the reward is one ('$25', '25', '$25 off', '$25 off for both', '10% off their next
 * booking' → '$25', '$25', '$25', '$25', '10%'); null for a reward in words ('$10 gift card', 'Free add-on
 * service'). The one reading of a reward: the texts (rewardPhrase) and the public referral page use it.
 */
export function rewardAmount(raw: string): string | null {
  const phrase = tidy(raw);
  const amount = AMOUNT.exec(phrase);
  if (!amount) return null;
  const rest = phrase.slice(amount[0].length).trim();
  if (rest !== '' && !/^off\b/i.test(rest)) return null;
  return /^\d/.test(amount[0]) && !amount[0].includes('%') ? `$${amount[0]}` : amount[0].replace(/\s/g, '');
}

/**
 * The reward as a phrase that fits after "get" or "you still get" in every template: amounts read
 * "$25 off" (rewardAmount), anything else as a thing with its article ('Free add-on service',
 * '$10 gift card' → 'a free add-on service', 'a $10 gift card'). Trailing punctuation goes.
 */
export function rewardPhrase(raw: string): string {
  const phrase = tidy(raw);
  if (!phrase) return phrase;
  const amount = rewardAmount(phrase);
  if (amount) return `${amount} off`;
  const [first, ...others] = phrase.split(' ');
  const lowered = /^[A-Z][a-z]*$/.test(first) ? first.toLowerCase() : first;
  const words = [lowered, ...others];
  // Already counted ("a", "two", "your") or plural ("free windows"): no article.
  if (/^(a|an|one|two|three|the|your|their|some)$/i.test(lowered) || /[^s]s$/i.test(words[words.length - 1])) return words.join(' ');
  const article = /^[aeiou]/i.test(lowered) ? 'an' : 'a';
  return [article, ...words].join(' ');
}

/**
 * Older templates wrote "{referralDiscount} off" and "your {referralDiscount}": the phrase already says
 * "off" (or is a thing, which takes no "off": "a free add-on service with your first service"), and after
 * "your" its article goes.
 */
function fitReward(template: string, reward: string | null | undefined): string {
  if (!reward) return template;
  const amount = reward.endsWith(' off');
  let text = template.replace(/\{referralDiscount\}\s+off\b(\s+(?:your|their|the)\b)?/gi, (_, next?: string) =>
    next ? `{referralDiscount}${amount ? '' : ' with'}${next}` : '{referralDiscount}',
  );
  if (/^(a|an) /.test(reward)) text = text.replace(/\b(your|their|our) \{referralDiscount\}/gi, (_, owner: string) => `${owner} ${reward.replace(/^(a|an) /, '')}`);
  return text;
}

/**
 * Collapses a word written twice ("off off"), spaces before punctuation, a comma before other punctuation
 * ("Hi,!"), and punctuation left at the start or a comma at the end by an empty name.
 */
export function tidyText(text: string): string {
  const tidy = text
    .replace(/\b([A-Za-z]+)(\s+\1\b)+/gi, '$1')
    .replace(/[ \t]+([,.!?;:])/g, '$1')
    .replace(/([,;:])(?=[,.!?;:])/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]*[,;:]+$/, '')
    .trim();
  const start = /^[,.;:!?]+\s*/.exec(tidy);
  if (!start) return tidy;
  const rest = tidy.slice(start[0].length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

const TITLES = /^(?:dr|mr|mrs|ms|miss|mx|prof|rev|sir)\.?$/i;

/**
 * The first name a text greets: "Maria" of "Maria Lopez", "John" of "Smith, John", "Ann" of "Dr. Ann Lee",
 * "Jane" of "jane" (a name typed all in lower case gets its capital); "" for an empty name.
 */
export function firstName(name: string): string {
  const trimmed = name.trim();
  const comma = trimmed.indexOf(',');
  const given = comma > 0 && comma < trimmed.length - 1 ? trimmed.slice(comma + 1) : trimmed.replace(/,$/, '');
  const words = given.trim().split(/\s+/).filter(Boolean);
  const first = words.find((w, i) => !(TITLES.test(w) && i < words.length - 1)) ?? '';
  return first === first.toLowerCase() ? first.charAt(0).toUpperCase() + first.slice(1) : first;
}

/** The public referral page for a code (spec: /refer with query parameter code). */
export function referralLink(origin: string, referralCode: string): string {
  return `${origin.replace(/\/+$/, '')}/refer?code=${encodeURIComponent(referralCode)}`;
}
