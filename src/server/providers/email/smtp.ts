import nodemailer from 'nodemailer';
import { type EmailMessage, type EmailProvider, senderOf } from './types';

const withoutName = ({ fromName: _name, ...rest }: EmailMessage) => rest;

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
    await this.transport.sendMail({ ...withoutName(message), from: senderOf(this.from, message.fromName) });
  }
}
