import nodemailer from 'nodemailer';
import { type EmailMessage, type EmailProvider, mailOptions } from './types';

export class SmtpEmail implements EmailProvider {
  readonly name = 'smtp' as const;
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: EmailMessage) {
    await this.transport.sendMail(mailOptions(this.from, message));
  }
}
