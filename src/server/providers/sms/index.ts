import type { Config } from '../../config';
import { SimulatorSms } from './simulator';
import { TwilioSms } from './twilio';
import type { SmsProvider } from './types';

/** Twilio when TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set, otherwise the local simulator (docs/sms.md). */
export function createSmsProvider(config: Config): SmsProvider {
  if (config.twilio) return new TwilioSms(config.twilio);
  return new SimulatorSms({ reviewSeconds: config.smsSimulatorReviewSeconds });
}

export type { SmsProvider } from './types';
