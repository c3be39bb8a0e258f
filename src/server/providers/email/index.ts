import path from 'node:path';
import type { Config } from '../../config';
import { OutboxEmail } from './outbox';
import { SmtpEmail } from './smtp';
import type { EmailProvider } from './types';

export function createEmailProvider(config: Config): EmailProvider {
  if (config.smtpUrl) return new SmtpEmail(config.smtpUrl, config.mailFrom);
  return new OutboxEmail(path.join(config.dataDir, 'mail'), config.mailFrom);
}
