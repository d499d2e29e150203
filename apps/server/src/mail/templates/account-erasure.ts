import { resources } from '@taxli/i18n';
import { CODE_TTL_MINUTES, TAX_FILE_RETENTION_YEARS, type ActiveLanguage, type RetainedTaxYear } from '@taxli/domain';
import type { MailMessage } from '../mailer.js';
import { escapeHtml, htmlLayout, interpolate } from './render.js';

const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;

function mail(language: ActiveLanguage, subject: string, lines: string[], code?: string): Omit<MailMessage, 'to'> {
  const t = resources[language].mail.accountErasure;
  // The code stands alone on its line, so it is easy to copy and to find for mail-reading tests.
  const text = [t.greeting, '', ...lines.flatMap((line) => [line, '']), ...(code ? [`    ${code}`, ''] : []), t.signature, '', '--', t.footer].join('\n');
  const codeHtml = code
    ? `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace;text-align:center;background:#fef2f2;border-radius:8px;padding:12px">${escapeHtml(code)}</p>`
    : '';
  const bodyHtml = [paragraph(t.greeting), ...lines.map(paragraph), codeHtml, `<p style="margin:0">${escapeHtml(t.signature)}</p>`].join('\n');
  return { subject, text, html: htmlLayout({ language, title: subject, preview: lines[0] ?? subject, bodyHtml, footer: t.footer }) };
}

/** The code that confirms "Delete my account" (issue 30): a purpose of its own, never a sign-in code. */
export function renderAccountDeletionCodeMail(language: ActiveLanguage, code: string): Omit<MailMessage, 'to'> {
  const t = resources[language].mail.accountErasure.code;
  return mail(language, t.subject, [t.intro, interpolate(t.validity, { minutes: CODE_TTL_MINUTES }), t.notRequested], code);
}

/** Sent when the account was erased, by the person with a mailed code or by an administrator on their behalf: what went, what stays, until when. */
export function renderAccountErasedMail(language: ActiveLanguage, retained: RetainedTaxYear[], by: 'self' | 'admin'): Omit<MailMessage, 'to'> {
  const t = resources[language].mail.accountErasure.erased;
  const kept =
    retained.length === 0
      ? [t.nothingKept]
      : [
          interpolate(t.keptIntro, { years: TAX_FILE_RETENTION_YEARS }),
          ...retained.map((year) => interpolate(t.keptYear, { year: year.taxYear, date: year.retainedUntil })),
        ];
  return mail(language, t.subject, [by === 'self' ? t.bySelf : t.byAdmin, ...kept, t.newAccount]);
}
