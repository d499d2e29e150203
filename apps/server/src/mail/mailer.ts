import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import { DevOutbox } from './dev-outbox.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Present only for the dev outbox (no SMTP_URL, not production): what was "sent", newest first. */
  outbox?: DevOutbox;
}

export class MailNotConfiguredError extends Error {
  constructor() {
    super('SMTP_URL is not set, and production never falls back to the dev outbox');
  }
}

/**
 * Real SMTP when SMTP_URL is set (query parameters such as `?ignoreTLS=true` pass through to
 * nodemailer); otherwise the dev outbox (log + /dev/mailbox). Production without SMTP_URL does not
 * print sign-in codes to a log: sending fails, and the user is told so.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'> & Partial<Pick<Config, 'nodeEnv'>>,
  log?: (line: string) => void,
): Mailer {
  if (config.smtpUrl) {
    // Short timeouts: the user waits for this answer on the sign-in page.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  if (config.nodeEnv === 'production') {
    return {
      send: async () => {
        throw new MailNotConfiguredError();
      },
    };
  }
  const outbox = new DevOutbox(log ?? ((line) => console.log(line)));
  return { outbox, send: async (message) => outbox.add(message) };
}
