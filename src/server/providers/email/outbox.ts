import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { type EmailMessage, type EmailProvider, mailOptions } from './types';

/** Writes each message as an .eml file under DATA_DIR/mail/, so a reset link works with no mail server. */
export class OutboxEmail implements EmailProvider {
  readonly name = 'outbox' as const;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {}

  async send(message: EmailMessage) {
    const info = await this.transport.sendMail(mailOptions(this.from, message));
    await fs.mkdir(this.dir, { recursive: true });
    const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
    const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
    await fs.writeFile(file, info.message as Buffer);
  }
}
