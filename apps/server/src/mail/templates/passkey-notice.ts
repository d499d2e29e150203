import { resources } from '@taxli/i18n';
import type { ActiveLanguage } from '@taxli/domain';
import type { MailMessage } from '../mailer.js';
import { escapeHtml, htmlLayout, interpolate } from './render.js';

export type PasskeyNoticeKind = 'added' | 'used' | 'removed';

/** "A passkey was added to your account" and its siblings: the person learns of every change and use. */
export function renderPasskeyNoticeMail(language: ActiveLanguage, kind: PasskeyNoticeKind, passkeyName: string): Omit<MailMessage, 'to'> {
  const shared = resources[language].mail.passkeyNotice;
  const t = shared[kind];
  const body = interpolate(t.body, { name: passkeyName });
  const text = [shared.greeting, '', body, '', shared.notYou, '', shared.signature, '', '--', shared.footer].join('\n');
  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const bodyHtml = [paragraph(shared.greeting), paragraph(body), paragraph(shared.notYou), `<p style="margin:0">${escapeHtml(shared.signature)}</p>`].join('\n');
  return { subject: t.subject, text, html: htmlLayout({ language, title: t.subject, preview: body, bodyHtml, footer: shared.footer }) };
}
