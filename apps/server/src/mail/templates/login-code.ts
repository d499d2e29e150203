import { resources } from '@taxli/i18n';
import { CODE_TTL_MINUTES, type ActiveLanguage } from '@taxli/domain';
import type { MailMessage } from '../mailer.js';
import { escapeHtml, htmlLayout, interpolate } from './render.js';

/** The sign-in code mail in the user's language, as plain text and HTML. */
export function renderLoginCodeMail(language: ActiveLanguage, code: string): Omit<MailMessage, 'to'> {
  const t = resources[language].mail.loginCode;
  const values = { code, minutes: CODE_TTL_MINUTES };
  const validity = interpolate(t.validity, values);
  const preview = interpolate(t.preview, values);

  // The code stands alone on its line, so it is easy to copy and to find for mail-reading tests.
  const text = [t.greeting, '', t.intro, '', `    ${code}`, '', validity, '', t.notRequested, t.neverShare, '', t.signature, '', '--', t.footer].join(
    '\n',
  );

  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const bodyHtml = [
    paragraph(t.greeting),
    paragraph(t.intro),
    `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace;text-align:center;background:#eff6ff;border-radius:8px;padding:12px">${escapeHtml(code)}</p>`,
    paragraph(validity),
    `<p style="margin:0 0 16px;font-size:14px;color:#475569">${escapeHtml(t.notRequested)} ${escapeHtml(t.neverShare)}</p>`,
    `<p style="margin:0">${escapeHtml(t.signature)}</p>`,
  ].join('\n');

  return {
    subject: t.subject,
    text,
    html: htmlLayout({ language, title: t.subject, preview, bodyHtml, footer: t.footer }),
  };
}
