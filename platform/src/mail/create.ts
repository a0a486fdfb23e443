import { outboxMailer } from './outbox.js';
import type { MailLog, Mailer } from './port.js';
import { smtpMailer } from './smtp.js';

export interface MailSettings {
  /** SMTP server URL; without it mail goes to the log and the outbox folder. */
  readonly smtpUrl: string | undefined;
  readonly from: string;
  readonly outboxDir: string;
}

export function createMailer(settings: MailSettings, log: MailLog): Mailer {
  return settings.smtpUrl === undefined
    ? outboxMailer({ dir: settings.outboxDir, log })
    : smtpMailer({ url: settings.smtpUrl, from: settings.from });
}
