export type EmailMessage = { to: string; subject: string; text: string; html?: string; /** Where replies go (a lead's reply reaches the business). */ replyTo?: string };

/** Sends e-mail. Chosen once from config: SMTP when SMTP_URL is set, otherwise the file outbox. */
export interface EmailProvider {
  readonly name: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
}
