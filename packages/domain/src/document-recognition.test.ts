import { describe, expect, it } from 'vitest';
import { findCategory } from './categories.js';
import { categoryKeywords, findKeywords, foldText, keywordCategory, suggestCategory, type ConfirmedCategory } from './document-recognition.js';
import { guessLanguage } from './text-language.js';

const text = (keywords: string[]) => ({ kind: 'text' as const, fields: { keywords }, keywords });

describe('category keywords', () => {
  it('name real categories, and no keyword points to two of them', () => {
    const owner = new Map<string, number>();
    for (const [id, byLanguage] of Object.entries(categoryKeywords)) {
      expect(findCategory(Number(id)), `category ${id}`).toBeDefined();
      for (const keyword of Object.values(byLanguage).flat()) {
        const folded = foldText(keyword);
        expect(owner.get(folded) ?? Number(id), keyword).toBe(Number(id));
        owner.set(folded, Number(id));
      }
    }
  });
});

describe('findKeywords', () => {
  it('finds the words of each language, whatever the case and accents', () => {
    expect(findKeywords('LOHNAUSWEIS 2025 – Bruttolohn CHF 68 000')).toEqual(['lohnausweis', 'bruttolohn']);
    expect(findKeywords('Certificat de Salaire, salaire brut')).toEqual(['certificat de salaire', 'salaire brut']);
    expect(findKeywords('Certificato di salario per il 2025')).toEqual(['certificato di salario']);
    expect(findKeywords('Your bank statement for December')).toEqual(['bank statement']);
    expect(findKeywords('Releve de compte au 31.12.2025')).toEqual(['relevé de compte']);
    expect(findKeywords('Prévoyance liée: attestation du PILIER 3A')).toEqual(['pilier 3a', 'prévoyance liée']);
  });

  it('finds German keywords at the start of compounds and inflections, with umlauts or without', () => {
    expect(findKeywords('Krankenkassenprämien 2025')).toEqual(['krankenkasse']);
    expect(findKeywords('Ihre Kontoauszüge')).toEqual(['kontoauszug']);
    expect(findKeywords('Saeule 3a')).toEqual([]);
    expect(findKeywords('Säule-3a-Konto')).toEqual(['säule 3a']);
  });

  it('joins a word split at the end of a line', () => {
    expect(findKeywords('Ihr Lohn-\nausweis 2025')).toEqual(['lohnausweis']);
    // a capital after the dash starts a word of its own ("Spesen-Kontoauszug")
    expect(findKeywords('Spesen-\nKontoauszug')).toEqual(['kontoauszug']);
  });

  it('respects word boundaries', () => {
    // "rent" inside "current" or "parents", "titres" inside "soustitres", German inside a word
    expect(findKeywords('the current parents and apparent renting')).toEqual([]);
    expect(findKeywords('soustitres')).toEqual([]);
    expect(findKeywords('Jahreskontoauszug')).toEqual([]);
    expect(findKeywords('Monthly rent: CHF 2000')).toEqual(['rent']);
  });

  it('names a keyword written alike in two languages once', () => {
    expect(findKeywords('Dividende 2025')).toEqual(['dividende']);
    expect(keywordCategory('dividende')).toBe(11);
  });
});

describe('suggestCategory: rules', () => {
  const statement = (securities: unknown[]) => ({ kind: 'ech-0196' as const, fields: { securities, bankAccounts: [] }, keywords: [] });

  it('puts an e-tax statement with securities under securities, else under bank documents', () => {
    expect(suggestCategory(statement([{ securityName: 'Nestlé' }]), 4, [])).toBe(10);
    expect(suggestCategory(statement([]), 4, [])).toBe(1);
    expect(suggestCategory(statement([]), 10, [])).toBe(1);
    expect(suggestCategory(statement([{ securityName: 'Nestlé' }]), 1, [])).toBe(10);
  });

  it('puts a salary certificate under salary statements', () => {
    expect(suggestCategory({ kind: 'salary-certificate', fields: {}, keywords: [] }, 1, [])).toBe(5);
  });

  it('suggests the strongest keyword category, in each language', () => {
    expect(suggestCategory(text(findKeywords('Lohnausweis – Bruttolohn, Nettolohn')), 1, [])).toBe(5);
    expect(suggestCategory(text(findKeywords('Relevé de compte, solde du compte')), 5, [])).toBe(1);
    expect(suggestCategory(text(findKeywords('Deposito titoli, estratto deposito')), 1, [])).toBe(10);
    expect(suggestCategory(text(findKeywords('Health insurance: insurance premiums 2025')), 4, [])).toBe(2);
    expect(suggestCategory(text(findKeywords('Spendenbestätigung')), 4, [])).toBe(23);
  });

  it('lets the category with more keywords win over one keyword of another', () => {
    const keywords = findKeywords('Lohnausweis, Bruttolohn, Nettolohn; Spesen per Kontoauszug');
    expect(keywords).toContain('kontoauszug');
    expect(suggestCategory(text(keywords), 4, [])).toBe(5);
  });

  it('suggests nothing for a file already in the right category, or in the same kind for the spouse', () => {
    expect(suggestCategory(text(['lohnausweis', 'bruttolohn']), 5, [])).toBeNull();
    expect(suggestCategory(text(['lohnausweis', 'bruttolohn']), 30, [])).toBeNull();
    expect(suggestCategory(text(['kontoauszug']), 26, [])).toBeNull();
    expect(suggestCategory(statement([{ securityName: 'Nestlé' }]), 10, [])).toBeNull();
    expect(suggestCategory({ kind: 'salary-certificate', fields: {}, keywords: [] }, 5, [])).toBeNull();
  });

  it('suggests nothing on a tie or without keywords', () => {
    expect(suggestCategory(text(['lohnausweis', 'kontoauszug']), 4, [])).toBeNull();
    expect(suggestCategory(text([]), 4, [])).toBeNull();
    expect(suggestCategory({ kind: null, fields: null, keywords: [] }, 4, [])).toBeNull();
  });
});

describe('suggestCategory: what the person confirmed before', () => {
  const premiums = ['krankenkasse', 'prämienbestätigung'];
  const toMedical: ConfirmedCategory = { keywords: premiums, kind: 'text', categoryId: 24 };

  it('follows the category the person chose for files with the same words', () => {
    expect(suggestCategory(text(premiums), 4, [])).toBe(2);
    expect(suggestCategory(text(premiums), 4, [toMedical])).toBe(24);
  });

  it('leaves a file where the person put such files before', () => {
    expect(suggestCategory(text(premiums), 24, [])).toBe(2);
    expect(suggestCategory(text(premiums), 24, [toMedical])).toBeNull();
  });

  it('ignores confirmations of other words or another kind', () => {
    const otherWords: ConfirmedCategory = { keywords: ['zahnarzt', 'apotheke', 'krankenkasse'], kind: 'text', categoryId: 24 };
    // one shared word of four: not the same kind of file
    expect(suggestCategory(text(premiums), 4, [otherWords])).toBe(2);
    expect(suggestCategory(text(premiums), 4, [{ ...toMedical, kind: 'salary-certificate' }])).toBe(2);
  });

  it('never lets a learned choice override a standard read, but leaves it where the person keeps such files', () => {
    const statementTo19: ConfirmedCategory = { keywords: [], kind: 'ech-0196', categoryId: 19 };
    const statement = { kind: 'ech-0196' as const, fields: { securities: [] }, keywords: [] };
    expect(suggestCategory(statement, 4, [statementTo19])).toBe(1);
    expect(suggestCategory(statement, 19, [statementTo19])).toBeNull();
  });

  it('falls back to the keyword rule when two learned categories are equally backed', () => {
    const toInsurance: ConfirmedCategory = { ...toMedical, categoryId: 27 };
    expect(suggestCategory(text(premiums), 4, [toMedical, toInsurance])).toBe(2);
  });
});

describe('guessLanguage', () => {
  it('tells the four languages apart by their common words', () => {
    expect(guessLanguage('Der Lohnausweis ist für das Jahr 2025 und wird mit der Steuererklärung eingereicht')).toBe('de');
    expect(guessLanguage('Le certificat de salaire est joint à votre déclaration pour les impôts et vous')).toBe('fr');
    expect(guessLanguage('Il certificato di salario della ditta è allegato con la dichiarazione che')).toBe('it');
    expect(guessLanguage('The salary certificate is attached to your tax return for the year')).toBe('en');
  });

  it('says nothing for too few words', () => {
    expect(guessLanguage('CHF 68000.00')).toBeUndefined();
    expect(guessLanguage('')).toBeUndefined();
  });
});
