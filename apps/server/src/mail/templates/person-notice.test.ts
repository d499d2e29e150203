import { describe, expect, it } from 'vitest';
import { ACTIVE_LANGUAGES } from '@taxli/domain';
import { resources } from '@taxli/i18n';
import { formatMailDate, PERSON_NOTICE_KINDS, renderPersonNoticeMail } from './person-notice.js';

const LINK = 'https://app.taxli.ch/?year=2025#document-requests';

describe("the person's mails of the expert's work", () => {
  for (const language of ACTIVE_LANGUAGES) {
    it.each(PERSON_NOTICE_KINDS)(`is complete in ${language}: %s, with its subject, its text, the link, and no placeholder left`, (kind) => {
      const mail = renderPersonNoticeMail(language, kind, { link: LINK, filedOn: '2026-03-02' });
      const texts = resources[language].mail.personNotice;
      expect(mail.subject).toBe(texts[kind].subject);
      expect(mail.text).toContain(`\n${LINK}\n`);
      expect(mail.html).toContain(`href="${LINK}"`);
      expect(mail.text).toContain(texts.privacy);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\{|\}\}/);
    });
  }

  it('names the filing date in the way of each language', () => {
    expect(formatMailDate('en', '2026-03-02')).toBe('2 March 2026');
    expect(formatMailDate('de', '2026-03-02')).toBe('2. März 2026');
    expect(formatMailDate('gsw', '2026-03-02')).toBe('2. März 2026');
    expect(formatMailDate('fr', '2026-03-02')).toBe('2 mars 2026');
    expect(formatMailDate('it', '2026-03-02')).toBe('2 marzo 2026');
    expect(renderPersonNoticeMail('fr', 'filed', { link: LINK, filedOn: '2026-03-02' }).text).toContain('le 2 mars 2026.');
  });

  it('escapes the link in the HTML', () => {
    const mail = renderPersonNoticeMail('en', 'expertMessage', { link: 'https://app.taxli.ch/?a=1&b="2"' });
    expect(mail.html).toContain('href="https://app.taxli.ch/?a=1&amp;b=&quot;2&quot;"');
  });
});
