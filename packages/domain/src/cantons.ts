/**
 * The 26 Swiss cantons (part 2 §2, §3, §5): official names in the four national-language forms
 * the app uses, the slug stored as `cantonOfResidence`, the coat of arms served by the web app,
 * and the format of the cantonal tax identification number (TIN).
 */
export const CANTON_CODES = [
  'AG', 'AI', 'AR', 'BE', 'BL', 'BS', 'FR', 'GE', 'GL', 'GR', 'JU', 'LU', 'NE',
  'NW', 'OW', 'SG', 'SH', 'SO', 'SZ', 'TG', 'TI', 'UR', 'VD', 'VS', 'ZG', 'ZH',
] as const;
export type CantonCode = (typeof CANTON_CODES)[number];

export interface CantonNames {
  de: string;
  fr: string;
  it: string;
  en: string;
}

export interface TaxIdFormat {
  /** As shown to the user, 'X' standing for a digit: 'XXX.XXX.XXX'. */
  format: string;
  /** An example value for the input: '123.456.789'. */
  placeholder: string;
  pattern: RegExp;
  digits: number;
  separator: '.' | '-';
  /** Digits per group, in order: [3, 3, 3]. */
  groups: readonly number[];
}

export interface Canton {
  code: CantonCode;
  names: CantonNames;
  slug: string;
  imagePath: string;
  tin: TaxIdFormat;
}

/**
 * §3: the slug is the (German) name lowercased, spaces to dashes, umlauts and accents stripped
 * ('Zürich' → 'zurich', not 'zuerich'). The dot of 'St. Gallen' is dropped too, so that every
 * slug is plain letters and dashes ('st-gallen'), safe in a URL and a select value.
 */
export function cantonSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-');
}

/** Builds a TIN format from its shape; digits are counted from the shape so the two cannot differ. */
function tinFormat(format: string): TaxIdFormat {
  const separator = format.includes('-') ? '-' : '.';
  const groups = format.split(separator).map((group) => group.length);
  const digits = groups.reduce((sum, n) => sum + n, 0);
  let next = 0;
  const placeholder = format.replace(/X/g, () => String((++next) % 10));
  const source = groups.map((n) => `\\d{${n}}`).join(separator === '.' ? '\\.' : '-');
  return { format, placeholder, pattern: new RegExp(`^${source}$`), digits, separator, groups };
}

const TIN_AG = tinFormat('XXXX.XXXX.XX');
const TIN_8 = tinFormat('XXX.XXX.XX');
const TIN_9 = tinFormat('XXX.XXX.XXX');
const TIN_9_DASH = tinFormat('XXX-XXX-XXX');
const TIN_JU = tinFormat('XXX-XXX-XX');

function canton(code: CantonCode, de: string, fr: string, it: string, en: string, tin: TaxIdFormat): Canton {
  return { code, names: { de, fr, it, en }, slug: cantonSlug(de), imagePath: `/cantons/${code.toLowerCase()}.svg`, tin };
}

/** Sorted by code. */
export const CANTONS: readonly Canton[] = [
  canton('AG', 'Aargau', 'Argovie', 'Argovia', 'Aargau', TIN_AG),
  canton('AI', 'Appenzell Innerrhoden', 'Appenzell Rhodes-Intérieures', 'Appenzello Interno', 'Appenzell Innerrhoden', TIN_8),
  canton('AR', 'Appenzell Ausserrhoden', 'Appenzell Rhodes-Extérieures', 'Appenzello Esterno', 'Appenzell Ausserrhoden', TIN_8),
  canton('BE', 'Bern', 'Berne', 'Berna', 'Bern', TIN_9),
  canton('BL', 'Basel-Landschaft', 'Bâle-Campagne', 'Basilea Campagna', 'Basel-Landschaft', TIN_8),
  canton('BS', 'Basel-Stadt', 'Bâle-Ville', 'Basilea Città', 'Basel-Stadt', TIN_8),
  canton('FR', 'Freiburg', 'Fribourg', 'Friburgo', 'Fribourg', TIN_9_DASH),
  canton('GE', 'Genf', 'Genève', 'Ginevra', 'Geneva', TIN_9),
  canton('GL', 'Glarus', 'Glaris', 'Glarona', 'Glarus', TIN_8),
  canton('GR', 'Graubünden', 'Grisons', 'Grigioni', 'Grisons', TIN_9),
  canton('JU', 'Jura', 'Jura', 'Giura', 'Jura', TIN_JU),
  canton('LU', 'Luzern', 'Lucerne', 'Lucerna', 'Lucerne', TIN_9),
  canton('NE', 'Neuenburg', 'Neuchâtel', 'Neuchâtel', 'Neuchâtel', TIN_9_DASH),
  canton('NW', 'Nidwalden', 'Nidwald', 'Nidvaldo', 'Nidwalden', TIN_8),
  canton('OW', 'Obwalden', 'Obwald', 'Obvaldo', 'Obwalden', TIN_8),
  canton('SG', 'St. Gallen', 'Saint-Gall', 'San Gallo', 'St. Gallen', TIN_9),
  canton('SH', 'Schaffhausen', 'Schaffhouse', 'Sciaffusa', 'Schaffhausen', TIN_8),
  canton('SO', 'Solothurn', 'Soleure', 'Soletta', 'Solothurn', TIN_9),
  canton('SZ', 'Schwyz', 'Schwytz', 'Svitto', 'Schwyz', TIN_8),
  canton('TG', 'Thurgau', 'Thurgovie', 'Turgovia', 'Thurgau', TIN_9),
  canton('TI', 'Tessin', 'Tessin', 'Ticino', 'Ticino', TIN_9),
  canton('UR', 'Uri', 'Uri', 'Uri', 'Uri', TIN_8),
  canton('VD', 'Waadt', 'Vaud', 'Vaud', 'Vaud', TIN_9_DASH),
  canton('VS', 'Wallis', 'Valais', 'Vallese', 'Valais', TIN_9_DASH),
  canton('ZG', 'Zug', 'Zoug', 'Zugo', 'Zug', TIN_8),
  canton('ZH', 'Zürich', 'Zurich', 'Zurigo', 'Zurich', TIN_9),
];

/** The 26 slugs, in code order: the values `cantonOfResidence` may take. */
export const CANTON_SLUGS: readonly string[] = CANTONS.map((c) => c.slug);

export function isCantonCode(value: unknown): value is CantonCode {
  return typeof value === 'string' && (CANTON_CODES as readonly string[]).includes(value);
}

export function findCanton(code: string): Canton | undefined {
  return CANTONS.find((c) => c.code === code);
}

export function findCantonBySlug(slug: string): Canton | undefined {
  return CANTONS.find((c) => c.slug === slug);
}

/** The name in an interface language: Swiss German reads the German name, any other language English. */
export function cantonName(canton: Canton, language: string): string {
  if (language === 'gsw') return canton.names.de;
  if (language === 'de' || language === 'fr' || language === 'it') return canton.names[language];
  return canton.names.en;
}

/** The canton grid of wizard step 2 is sorted by the name the user reads, with that language's collation. */
export function cantonsSortedByName(language: string): Canton[] {
  const locale = language === 'gsw' ? 'de-CH' : language === 'de' || language === 'fr' || language === 'it' ? language : 'en';
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...CANTONS].sort((a, b) => collator.compare(cantonName(a, language), cantonName(b, language)));
}

export interface CantonJsonEntry {
  name: string;
  code: CantonCode;
  imagePath: string;
}

/** The body of the static `GET /cantons/cantons.json` (§7): English name, code and coat of arms. */
export function cantonsJson(): CantonJsonEntry[] {
  return CANTONS.map((c) => ({ name: c.names.en, code: c.code, imagePath: c.imagePath }));
}

/** Names a geocoder may give a canton besides the four the app keeps (Romansh, short forms). */
const OTHER_CANTON_NAMES: Partial<Record<CantonCode, string[]>> = {
  GR: ['Grischun'],
  BL: ['Basel-Land', 'Basilea-Campagna'],
  BS: ['Basel', 'Basilea'],
};

/** "Kanton Zürich", "Canton de Vaud", "Cantone Ticino" → the name alone. */
const CANTON_PREFIX = /^(kanton|canton|cantone|chantun)\s+(of\s+|de\s+|du\s+|d['’]\s*|des\s+|di\s+|del\s+)?/;

/**
 * The canton of an address suggestion's `state` (Nominatim gives the canton there, in its own
 * language or several: "Zürich", "Bern/Berne", "Valais/Wallis", "Graubünden/Grischun/Grigioni"),
 * or undefined when it names none.
 */
export function cantonFromStateName(state: string): Canton | undefined {
  for (const part of state.split('/')) {
    const slug = cantonSlug(part).replace(/-/g, ' ');
    const name = slug.replace(CANTON_PREFIX, '').trim();
    if (!name) continue;
    const found = CANTONS.find((c) =>
      [...Object.values(c.names), ...(OTHER_CANTON_NAMES[c.code] ?? [])].some((known) => cantonSlug(known).replace(/-/g, ' ') === name),
    );
    if (found) return found;
  }
  return undefined;
}
