import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ACTIVE_LANGUAGES } from '@taxli/domain';
import { NAMESPACES, resources } from './index.js';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('locale parity', () => {
  it('has a locale folder for every active language and a file for every namespace', () => {
    const dir = fileURLToPath(new URL('./locales', import.meta.url));
    expect(readdirSync(dir).sort()).toEqual([...ACTIVE_LANGUAGES].sort());
    for (const language of ACTIVE_LANGUAGES) {
      expect(readdirSync(`${dir}/${language}`).sort()).toEqual(NAMESPACES.map((n) => `${n}.json`).sort());
    }
  });

  for (const namespace of NAMESPACES) {
    it(`every language has exactly the English keys of "${namespace}"`, () => {
      const english = keys(resources.en[namespace]).sort();
      for (const language of ACTIVE_LANGUAGES) {
        expect(keys(resources[language][namespace]).sort(), `${language}/${namespace}`).toEqual(english);
      }
    });

    it(`no text of "${namespace}" is empty in any language`, () => {
      for (const language of ACTIVE_LANGUAGES) {
        for (const text of leaves(resources[language][namespace])) {
          expect(typeof text === 'string' && text.trim().length > 0, `${language}/${namespace}`).toBe(true);
        }
      }
    });
  }
});
