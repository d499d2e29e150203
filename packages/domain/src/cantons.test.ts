import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CANTON_CODES,
  CANTON_SLUGS,
  cantonFromStateName,
  CANTONS,
  cantonName,
  cantonsJson,
  cantonSlug,
  cantonsSortedByName,
  findCanton,
  findCantonBySlug,
  isCantonCode,
} from './cantons.js';

describe('cantons', () => {
  it('lists the 26 cantons once each, sorted by code', () => {
    const codes = CANTONS.map((c) => c.code);
    expect(codes).toHaveLength(26);
    expect(new Set(codes).size).toBe(26);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual([...CANTON_CODES]);
  });

  it('gives the official names in German, French, Italian and English', () => {
    expect(findCanton('ZH')?.names).toEqual({ de: 'Zürich', fr: 'Zurich', it: 'Zurigo', en: 'Zurich' });
    expect(findCanton('BE')?.names).toEqual({ de: 'Bern', fr: 'Berne', it: 'Berna', en: 'Bern' });
    expect(findCanton('GR')?.names).toEqual({ de: 'Graubünden', fr: 'Grisons', it: 'Grigioni', en: 'Grisons' });
    expect(findCanton('VS')?.names).toEqual({ de: 'Wallis', fr: 'Valais', it: 'Vallese', en: 'Valais' });
    expect(findCanton('BL')?.names).toEqual({
      de: 'Basel-Landschaft',
      fr: 'Bâle-Campagne',
      it: 'Basilea Campagna',
      en: 'Basel-Landschaft',
    });
    expect(findCanton('AI')?.names.fr).toBe('Appenzell Rhodes-Intérieures');
    expect(findCanton('TI')?.names.de).toBe('Tessin');
    expect(findCanton('GE')?.names.en).toBe('Geneva');
  });

  it('slugs the German name: lower case, dashes for spaces, accents stripped (ü → u)', () => {
    expect(cantonSlug('Zürich')).toBe('zurich');
    expect(cantonSlug('Graubünden')).toBe('graubunden');
    expect(cantonSlug('Appenzell Innerrhoden')).toBe('appenzell-innerrhoden');
    expect(cantonSlug('Bâle-Campagne')).toBe('bale-campagne');
    expect(cantonSlug('St. Gallen')).toBe('st-gallen');
    expect(findCanton('ZH')?.slug).toBe('zurich');
    expect(findCanton('BL')?.slug).toBe('basel-landschaft');
    expect(new Set(CANTON_SLUGS).size).toBe(26);
    for (const slug of CANTON_SLUGS) expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('finds cantons by code and by slug, and nothing for unknown ones', () => {
    expect(findCantonBySlug('graubunden')?.code).toBe('GR');
    expect(findCantonBySlug('st-gallen')?.code).toBe('SG');
    expect(findCantonBySlug('Zurich')).toBeUndefined();
    expect(findCanton('XX')).toBeUndefined();
    expect(findCanton('zh')).toBeUndefined();
    expect(isCantonCode('VD')).toBe(true);
    expect(isCantonCode('vd')).toBe(false);
    expect(isCantonCode(1)).toBe(false);
  });

  it('points each canton at its coat of arms', () => {
    expect(findCanton('AG')?.imagePath).toBe('/cantons/ag.svg');
    for (const c of CANTONS) expect(c.imagePath).toBe(`/cantons/${c.code.toLowerCase()}.svg`);
  });

  it('names a canton in the interface language: gsw reads German, other languages English', () => {
    const ge = findCanton('GE')!;
    expect(cantonName(ge, 'de')).toBe('Genf');
    expect(cantonName(ge, 'gsw')).toBe('Genf');
    expect(cantonName(ge, 'fr')).toBe('Genève');
    expect(cantonName(ge, 'it')).toBe('Ginevra');
    expect(cantonName(ge, 'en')).toBe('Geneva');
    expect(cantonName(ge, 'ja')).toBe('Geneva');
  });

  it('sorts by the name the user reads', () => {
    const de = cantonsSortedByName('de').map((c) => c.names.de);
    expect(de.slice(0, 3)).toEqual(['Aargau', 'Appenzell Ausserrhoden', 'Appenzell Innerrhoden']);
    expect(de.at(-1)).toBe('Zürich');
    const it_ = cantonsSortedByName('it').map((c) => c.code);
    expect(it_.indexOf('BL')).toBeLessThan(it_.indexOf('BE'));
    // Accents sort with their letter: by code points 'Bâle' would come after 'Berne'.
    const fr = cantonsSortedByName('fr').map((c) => c.names.fr);
    expect(fr.indexOf('Bâle-Campagne')).toBeLessThan(fr.indexOf('Berne'));
    expect(cantonsSortedByName('gsw').map((c) => c.code)).toEqual(cantonsSortedByName('de').map((c) => c.code));
    expect(cantonsSortedByName('zh')).toHaveLength(26);
    expect(cantonsSortedByName('en')[0]?.code).toBe('AG');
  });

  it('serves cantons.json with English name, code and image path', () => {
    const json = cantonsJson();
    expect(json).toHaveLength(26);
    expect(json.find((c) => c.code === 'GR')).toEqual({ name: 'Grisons', code: 'GR', imagePath: '/cantons/gr.svg' });
    expect(Object.keys(json[0]!)).toEqual(['name', 'code', 'imagePath']);
  });

  it('gives CANTON_CODES to z.enum', () => {
    const schema = z.enum(CANTON_CODES);
    expect(schema.safeParse('JU').success).toBe(true);
    expect(schema.safeParse('XX').success).toBe(false);
  });
});

describe('the canton of an address suggestion (issue 28)', () => {
  it('reads the canton Nominatim names in state, in any of its languages or several at once', () => {
    const codeOf = (state: string) => cantonFromStateName(state)?.code;
    expect(codeOf('Zürich')).toBe('ZH');
    expect(codeOf('Bern/Berne')).toBe('BE');
    expect(codeOf('Valais/Wallis')).toBe('VS');
    expect(codeOf('Graubünden/Grischun/Grigioni')).toBe('GR');
    expect(codeOf('Fribourg/Freiburg')).toBe('FR');
    expect(codeOf('Genève')).toBe('GE');
    expect(codeOf('Ticino')).toBe('TI');
    expect(codeOf('Basel-Landschaft')).toBe('BL');
    expect(codeOf('Basel-Stadt')).toBe('BS');
    expect(codeOf('St. Gallen')).toBe('SG');
    expect(codeOf('Appenzell Ausserrhoden')).toBe('AR');
    expect(codeOf('Neuchâtel')).toBe('NE');
    expect(codeOf('Kanton Zürich')).toBe('ZH');
    expect(codeOf('Canton de Vaud')).toBe('VD');
  });

  it('names no canton for a state that is none', () => {
    expect(cantonFromStateName('')).toBeUndefined();
    expect(cantonFromStateName('Baden-Württemberg')).toBeUndefined();
    expect(cantonFromStateName('Auvergne-Rhône-Alpes')).toBeUndefined();
  });
});
