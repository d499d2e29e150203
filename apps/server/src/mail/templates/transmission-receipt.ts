import { resources } from '@taxli/i18n';
import type { ActiveLanguage } from '@taxli/domain';
import type { MailMessage } from '../mailer.js';
import { escapeHtml, htmlLayout, interpolate } from './render.js';

/** How a moment is written in each language (Swiss conventions, the time in Zurich). */
const TIME_LOCALES: Record<ActiveLanguage, string> = { en: 'en-GB', de: 'de-CH', fr: 'fr-CH', it: 'it-CH', gsw: 'de-CH' };

export function formatReceiptTime(language: ActiveLanguage, at: Date): string {
  return new Intl.DateTimeFormat(TIME_LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Zurich' }).format(at);
}

export interface TransmissionReceiptFacts {
  taxYear: number;
  transmittedAt: Date;
  documentCount: number;
  /** The year on the dashboard, where the PDF receipt is (an absolute URL on the public origin). */
  link: string;
}

/**
 * The receipt mail after a transmit (D19): when, which year, how many documents, what happens next,
 * and the link to the dashboard with the PDF receipt. No file name or fingerprint: a mailbox is not
 * a safe place for them; the PDF behind the sign-in lists them.
 */
export function renderTransmissionReceiptMail(language: ActiveLanguage, facts: TransmissionReceiptFacts): Omit<MailMessage, 'to'> {
  const shared = resources[language].mail.personNotice;
  const t = resources[language].mail.transmissionReceipt;
  const values = { year: facts.taxYear, count: facts.documentCount, time: formatReceiptTime(language, facts.transmittedAt) };
  const subject = interpolate(t.subject, values);
  const body = interpolate(t.body, values);

  const text = [shared.greeting, '', body, '', t.next, '', t.receipt, `${t.action}:`, facts.link, '', shared.signature, '', '--', shared.footer].join('\n');

  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const bodyHtml = [
    paragraph(shared.greeting),
    paragraph(body),
    paragraph(t.next),
    paragraph(t.receipt),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(facts.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:bold;border-radius:8px;padding:12px 20px">${escapeHtml(t.action)}</a></p>`,
    `<p style="margin:0">${escapeHtml(shared.signature)}</p>`,
  ].join('\n');

  return { subject, text, html: htmlLayout({ language, title: subject, preview: body, bodyHtml, footer: shared.footer }) };
}
