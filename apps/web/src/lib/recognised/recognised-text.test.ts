import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExtractionResponse } from '@taxli/domain';
import { setLanguage } from '../../test/harness';
import { formatSwissFrancs } from '../swiss-francs';
import { recognisedText, recognisedToast } from './recognised-text';
import { salaryRead, statementRead } from '../../test/reads';

const salary = salaryRead;
const statement = statementRead;

describe('what the upload says was recognised (issue 29)', () => {
  beforeEach(() => setLanguage('en'));

  it('names the kind, the employer or institution and the key amount in francs', () => {
    const t = i18next.getFixedT('en');
    expect(recognisedText(t, salary, 'en')).toBe(`Salary certificate, COMPLEX Elektronik AG, gross ${formatSwissFrancs('68000.00', 'en')}`);
    expect(recognisedText(t, statement, 'en')).toBe(`E-tax statement, UBS Switzerland AG, tax value ${formatSwissFrancs('125000.50', 'en')}`);
    const text: ExtractionResponse = { ...salary, kind: 'text', source: 'ocr', confidence: 0.7, suggestedCategoryId: 22, fields: { keywords: ['Säule 3a'] } };
    expect(recognisedText(t, text, 'en')).toBe('Document read: it looks like Pillar 3a certificate');
  });

  it('says it in the interface language', () => {
    expect(recognisedText(i18next.getFixedT('de'), salary, 'de')).toBe(`Lohnausweis, COMPLEX Elektronik AG, brutto ${formatSwissFrancs('68000.00', 'de')}`);
    expect(recognisedText(i18next.getFixedT('fr'), statement, 'fr')).toBe(`Relevé fiscal électronique, UBS Switzerland AG, valeur fiscale ${formatSwissFrancs('125000.50', 'fr')}`);
  });

  it('says nothing while a read is pending, when nothing or too little was read, or when it failed', () => {
    const t = i18next.getFixedT('en');
    expect(recognisedText(t, { ...salary, status: 'pending', fields: null }, 'en')).toBeUndefined();
    expect(recognisedText(t, { ...salary, status: 'none', kind: null, fields: null }, 'en')).toBeUndefined();
    expect(recognisedText(t, { ...salary, status: 'failed', fields: null, failureCode: 'DAMAGED_FILE' }, 'en')).toBeUndefined();
    expect(recognisedText(t, { ...salary, fields: { ...salary.fields, employer: { name: '' } } as ExtractionResponse['fields'] }, 'en')).toBeUndefined();
    expect(recognisedText(t, { ...salary, kind: 'text', suggestedCategoryId: null, fields: { keywords: [] } }, 'en')).toBeUndefined();
  });

  it('gives one sentence as the title, several under a count', () => {
    const t = i18next.getFixedT('en');
    expect(recognisedToast(t, [])).toBeUndefined();
    expect(recognisedToast(t, ['A'])).toEqual({ title: 'A' });
    expect(recognisedToast(t, ['A', 'B'])).toEqual({ title: '2 documents recognised', description: 'A; B' });
  });
});
