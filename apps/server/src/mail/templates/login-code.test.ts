import { describe, expect, it } from 'vitest';
import { ACTIVE_LANGUAGES } from '@taxli/domain';
import { renderLoginCodeMail } from './login-code.js';
import { escapeHtml, interpolate } from './render.js';

describe('sign-in code mail', () => {
  it.each(ACTIVE_LANGUAGES)('is complete in %s: code in text and HTML, validity filled in', (language) => {
    const mail = renderLoginCodeMail(language, '042917');
    expect(mail.text).toContain('\n    042917\n');
    expect(mail.html).toContain('>042917</p>');
    expect(mail.text).toContain('10');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\{|\}\}/);
    expect(mail.html).toContain(`<html lang="${language}">`);
  });

  it('escapes HTML and fills placeholders', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(interpolate('{{code}} / {{minutes}} / {{other}}', { code: '1', minutes: 10 })).toBe('1 / 10 / {{other}}');
  });
});
