import { describe, expect, it } from 'vitest';
import { ACTIVE_LANGUAGES, FIELD_ERROR_CODES } from '@taxli/domain';
import { resources } from './index.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

/** Issue 25: every field code the server can send reads in every language, with the same parameters. */
describe('field error texts', () => {
  const english = resources.en.errors.fields as Record<string, string>;

  it('has an English text for every field code of the domain, and none for a code it does not have', () => {
    expect(Object.keys(english).sort()).toEqual([...FIELD_ERROR_CODES].sort());
  });

  it('uses the parameters of the English text in every language', () => {
    for (const language of ACTIVE_LANGUAGES) {
      const texts = resources[language].errors.fields as Record<string, string>;
      for (const code of FIELD_ERROR_CODES) {
        expect(placeholders(texts[code] ?? ''), `${language} ${code}`).toEqual(placeholders(english[code]!));
      }
    }
  });
});
