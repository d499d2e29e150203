import { describe, expect, it } from 'vitest';
import { ACTIVE_LANGUAGES } from '@taxli/domain';
import { formatReceiptTime, renderTransmissionReceiptMail } from './transmission-receipt.js';

const LINK = 'https://app.taxli.ch/?year=2025';
const AT = new Date('2026-03-15T10:05:00Z');

describe('the transmission receipt mail', () => {
  it.each(ACTIVE_LANGUAGES)('is complete in %s: year, count, time, the link, and no placeholder left', (language) => {
    const mail = renderTransmissionReceiptMail(language, { taxYear: 2025, transmittedAt: AT, documentCount: 7, link: LINK });
    expect(mail.subject).toContain('2025');
    expect(mail.text).toContain(formatReceiptTime(language, AT));
    expect(mail.text).toContain('7');
    expect(mail.text).toContain(`\n${LINK}\n`);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.html).toContain(`<html lang="${language}">`);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\{|\}\}/);
  });

  it('gives the time in Zurich, written the way of each language', () => {
    expect(formatReceiptTime('en', AT)).toBe('15 March 2026 at 11:05');
    expect(formatReceiptTime('de', AT)).toBe('15. März 2026 um 11:05');
  });
});
