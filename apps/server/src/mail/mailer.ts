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
  /** Present only for the dev outbox (no SMTP_URL): what was "sent", newest first. */
  outbox?: DevOutbox;
}

/** Real SMTP when SMTP_URL is set; otherwise the dev outbox (log + /dev/mailbox). */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log?: (line: string) => void): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  const outbox = new DevOutbox(log ?? ((line) => console.log(line)));
  return { outbox, send: async (message) => outbox.add(message) };
}
