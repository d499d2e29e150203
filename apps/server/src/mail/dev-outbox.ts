import type { MailMessage } from './mailer.js';

const KEEP = 50;

/**
 * Development outbox (never in production, see createMailer): keeps the last mails in memory for
 * /dev/mailbox and prints each to the console, code included; that is how a developer signs in
 * without a mail server.
 */
export class DevOutbox {
  private readonly mails: (MailMessage & { sentAt: string })[] = [];

  constructor(private readonly log: (line: string) => void) {}

  add(message: MailMessage): void {
    this.mails.unshift({ ...message, sentAt: new Date().toISOString() });
    this.mails.length = Math.min(this.mails.length, KEEP);
    this.log(`[dev outbox] to ${message.to}: ${message.subject}\n${message.text}`);
  }

  list(): readonly (MailMessage & { sentAt: string })[] {
    return this.mails;
  }
}
