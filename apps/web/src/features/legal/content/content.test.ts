import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../../lib/i18n';
import { storageKeys } from '../../../lib/storage-keys';
import { content as de } from './de';
import { content as en } from './en';
import { content as fr } from './fr';
import { content as it_ } from './it';
import type { LegalContent, LegalDocument, LegalKind } from './types';

const languages: Record<string, LegalContent> = { en, de, fr, it: it_ };
const kinds: LegalKind[] = ['privacy', 'cookies', 'terms'];

/** The shape of a document: its section ids, list lengths and table sizes, and the cookie names. */
function shape(document: LegalDocument) {
  return {
    lastUpdated: document.lastUpdated,
    intro: document.intro.length,
    sections: document.sections.map((section) => ({
      id: section.id,
      paragraphs: section.paragraphs?.length ?? 0,
      items: section.items?.length ?? 0,
      table: section.table && {
        columns: section.table.headers.length,
        keys: section.table.rows.map((row) => row[0]),
        cells: section.table.rows.map((row) => row.length),
      },
    })),
  };
}

function texts(document: LegalDocument): string[] {
  return [
    ...document.intro,
    ...document.sections.flatMap((section) => [
      section.heading,
      ...(section.paragraphs ?? []),
      ...(section.items ?? []),
      ...(section.table ? [section.table.caption, ...section.table.headers, ...section.table.rows.flat()] : []),
    ]),
  ];
}

describe('legal texts (ADR 0003)', () => {
  for (const kind of kinds) {
    it(`"${kind}" has the same sections in every language`, () => {
      for (const [language, content] of Object.entries(languages)) {
        expect(shape(content[kind]), `${language}/${kind}`).toEqual(shape(en[kind]));
      }
    });

    it(`"${kind}" has no empty text and is really translated`, () => {
      for (const [language, content] of Object.entries(languages)) {
        expect(texts(content[kind]).every((text) => text.trim().length > 0), language).toBe(true);
        if (language !== 'en') expect(content[kind].intro[0], language).not.toBe(en[kind].intro[0]);
      }
    });
  }

  it('names the cookies and storage keys the app really uses', () => {
    const keys = en.cookies.sections.flatMap((section) => section.table?.rows.map((row) => row[0]) ?? []);
    expect(keys).toEqual([
      '__Host-taxli_session',
      '__Host-taxli_remember',
      LANGUAGE_STORAGE_KEY,
      storageKeys.lastEmail,
      storageKeys.loggedOut,
    ]);
  });
});
