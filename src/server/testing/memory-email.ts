import type { EmailMessage, EmailProvider } from '../providers/email/types';

/** Keeps sent mail in memory so a test can read it. */
export class MemoryEmail implements EmailProvider {
  readonly name = 'outbox' as const;
  readonly sent: EmailMessage[] = [];
  async send(message: EmailMessage) {
    this.sent.push(message);
  }
  last(to?: string): EmailMessage | undefined {
    const list = to ? this.sent.filter((m) => m.to === to) : this.sent;
    return list[list.length - 1];
  }
}
