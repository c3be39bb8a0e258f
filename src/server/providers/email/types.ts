export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (a lead's reply reaches the business). */
  replyTo?: string;
  /** The sender's name shown instead of MAIL_FROM's (a lead sees the business's name); the address stays MAIL_FROM's. */
  fromName?: string;
};

/** MAIL_FROM with another display name: `Referloop <no-reply@x>` and `Sparkle` give `{ name: 'Sparkle', address: 'no-reply@x' }`. */
export function senderOf(mailFrom: string, fromName?: string): string | { name: string; address: string } {
  if (!fromName) return mailFrom;
  const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { name: fromName.replace(/[\r\n]+/g, ' ').trim(), address };
}

/** The message as nodemailer sends it: MAIL_FROM with the message's display name, if any. */
export function mailOptions(mailFrom: string, { fromName, ...message }: EmailMessage) {
  return { ...message, from: senderOf(mailFrom, fromName) };
}

/** Sends e-mail. Chosen once from config: SMTP when SMTP_URL is set, otherwise the file outbox. */
export interface EmailProvider {
  readonly name: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
}
