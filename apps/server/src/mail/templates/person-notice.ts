import { resources } from '@taxli/i18n';
import type { ActiveLanguage } from '@taxli/domain';
import type { MailMessage } from '../mailer.js';
import { escapeHtml, htmlLayout, interpolate } from './render.js';

/**
 * The mails that tell a person of the expert's work on their return (issue 27), one per kind, each
 * with its texts in mail.json under personNotice.<kind>. They say only that there is news and link
 * to the app: no tax detail, no message or note, no amount (a mailbox is not a safe place for them).
 * The filing date is the one fact a mail names.
 */
export const PERSON_NOTICE_KINDS = ['expertMessage', 'documentRequest', 'reviewReady', 'changesInProgress', 'approved', 'filed'] as const;
export type PersonNoticeKind = (typeof PERSON_NOTICE_KINDS)[number];

/** How a day is written in each language's mails (Swiss conventions; Swiss German writes it as German does). */
const DATE_LOCALES: Record<ActiveLanguage, string> = { en: 'en-GB', de: 'de-CH', fr: 'fr-CH', it: 'it-CH', gsw: 'de-CH' };

export function formatMailDate(language: ActiveLanguage, isoDate: string): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

export interface PersonNoticeFacts {
  /** Where in the app the news is (an absolute URL on the public origin). */
  link: string;
  /** The filing date (YYYY-MM-DD), for `filed`. */
  filedOn?: string;
}

export function renderPersonNoticeMail(language: ActiveLanguage, kind: PersonNoticeKind, facts: PersonNoticeFacts): Omit<MailMessage, 'to'> {
  const shared = resources[language].mail.personNotice;
  const t = shared[kind];
  const body = interpolate(t.body, { date: facts.filedOn ? formatMailDate(language, facts.filedOn) : '' });

  const text = [shared.greeting, '', body, '', `${t.action}:`, facts.link, '', shared.privacy, '', shared.signature, '', '--', shared.footer].join('\n');

  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const bodyHtml = [
    paragraph(shared.greeting),
    paragraph(body),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(facts.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:bold;border-radius:8px;padding:12px 20px">${escapeHtml(t.action)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:14px;color:#475569">${escapeHtml(shared.privacy)}</p>`,
    `<p style="margin:0">${escapeHtml(shared.signature)}</p>`,
  ].join('\n');

  return { subject: t.subject, text, html: htmlLayout({ language, title: t.subject, preview: body, bodyHtml, footer: shared.footer }) };
}
