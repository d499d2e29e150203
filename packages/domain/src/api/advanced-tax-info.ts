import { z } from 'zod';
import { isValidAhvNumber } from '../ahv.js';
import { ADVANCED_SECTION_IDS } from '../advanced-sections.js';
import { CANTON_CODES } from '../cantons.js';
import { isRealIsoDate } from '../iso-date.js';
import { fieldRule } from '../field-errors.js';
import { plainText, withTextRules } from '../text.js';
import { isValidTaxId, taxIdFormat } from '../tax-id.js';
import { editedFromVersion } from './database-id.js';

const taxYear = z.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year');

/**
 * The version of the part a save was edited from (`versions` of GET /api/advanced-tax-info, or the
 * last save's `version`). Sent, a save older than what is stored (another tab or device saved
 * since) is refused with 409 `ANSWERS_OUTDATED` instead of overwriting it; left out, it is saved.
 */
const partVersion = editedFromVersion('version').optional();

/** How often a part was saved (0: never); a save answers its new one. */
const savedVersion = z.number().int().min(0);

/** `?taxYear=` of the Advanced Tax Information reads. */
export const advancedTaxInfoQuery = z.object({
  taxYear: z.coerce.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year'),
});

/**
 * POST /api/user-preferences/{key} (part 2 §7): `key` is a document category id (its relevance) or
 * a section id (its toggle), since the spec's numeric toggle keys would be the same ids as documents.
 */
export const userPreferenceParams = z.object({
  key: z.string().refine((key) => /^\d{1,3}$/.test(key) || (ADVANCED_SECTION_IDS as readonly string[]).includes(key), {
    error: `key must be a document category id or one of ${ADVANCED_SECTION_IDS.join(', ')}`,
  }),
});
export const userPreferenceBody = z.object({
  taxYear,
  isRelevant: z.boolean({ error: 'isRelevant must be true or false' }),
});

/* The answers of this file are zod schemas (their types inferred), checked against every answer in the API tests. */

export const userPreferencesResponse = z.strictObject({
  taxYear: z.number(),
  /** Section toggles; a section not set yet is at its default (only authorization on). */
  sections: z.record(z.enum(ADVANCED_SECTION_IDS), z.boolean()),
  /** Document relevance per category id; a category not set yet is relevant. */
  relevance: z.record(z.string(), z.boolean()),
});
export type UserPreferencesResponse = z.infer<typeof userPreferencesResponse>;

/** The spouse of part 2 §3 (D12: the AHV number checked, sealed at rest, never logged). */
export const spouseInfoBody = z.strictObject({
  taxYear,
  firstName: plainText('First name', 100),
  lastName: plainText('Last name', 100),
  age: z.number({ error: 'Age must be a number' }).int('Age must be a whole number').min(16, 'Age must be at least 16').max(120, 'Age must be at most 120').nullable(),
  occupation: plainText('Occupation', 100),
  ahvNumber: z
    .string({ error: 'AHV number must be text' })
    .trim()
    .refine((value) => value === '' || isValidAhvNumber(value), fieldRule('AHV number must be 756.XXXX.XXXX.XC with a valid check digit', 'INVALID_AHV_NUMBER')),
  taxId: plainText('Tax ID', 30),
  version: partVersion,
});
export type SpouseInfoBody = z.input<typeof spouseInfoBody>;

export const spouseInfo = z.strictObject({
  firstName: z.string(),
  lastName: z.string(),
  age: z.number().nullable(),
  occupation: z.string(),
  /** Full, to its owner only (D12); '' when not given. */
  ahvNumber: z.string(),
  /** '756.****.****.97', what other screens show. */
  ahvNumberMasked: z.string(),
  taxId: z.string(),
});
export type SpouseInfo = z.infer<typeof spouseInfo>;

/** What PUT /api/advanced-tax-info/spouse answers: the spouse as stored, and its new version. */
export const savedSpouse = spouseInfo.extend({ version: savedVersion });

export const childInfo = z.strictObject({
  firstName: plainText('First name', 100),
  lastName: plainText('Last name', 100),
  birthDate: z
    .string({ error: 'Birth date must be text' })
    .trim()
    .refine((value) => value === '' || isRealIsoDate(value), fieldRule('Birth date must be a date (YYYY-MM-DD)', 'INVALID_DATE')),
  schoolingInfo: plainText('Schooling', 200),
  disability: plainText('Disability', 200),
  alimony: plainText('Alimony', 200),
});
export type ChildInfo = z.output<typeof childInfo>;

/**
 * What a saved child needs (issue 28): the name and the birth date, by which the return and the
 * child's documents name the child (the profile's names are required for the same reason, part 2 §5).
 * The spec names no required field of a child; an entry with all of them empty is no child.
 */
export const CHILD_REQUIRED_FIELDS = ['firstName', 'lastName', 'birthDate'] as const;
export type ChildRequiredField = (typeof CHILD_REQUIRED_FIELDS)[number];

const CHILD_FIELD_LABELS: Record<ChildRequiredField, string> = { firstName: 'First name', lastName: 'Last name', birthDate: 'Birth date' };

/** The required fields a child's entry leaves blank, in the form's order. */
export function childMissingFields(child: Pick<ChildInfo, ChildRequiredField>): ChildRequiredField[] {
  return CHILD_REQUIRED_FIELDS.filter((field) => child[field].trim() === '');
}

/** A child as saved: its fields, and the required ones filled (stored entries are read with `childInfo` alone). */
const childToSave = childInfo.superRefine((child, ctx) => {
  for (const field of childMissingFields(child)) {
    ctx.addIssue({ code: 'custom', path: [field], input: child[field], ...fieldRule(`${CHILD_FIELD_LABELS[field]} is required`, 'REQUIRED') });
  }
});

export const childrenInfoBody = z.strictObject({
  taxYear,
  children: z.array(childToSave).max(20, 'At most 20 children'),
  version: partVersion,
});

/** The Authorization tab's settings (part 2 §3); the TIN is sealed at rest. */
export const authorizationBody = z.strictObject({
  taxYear,
  taxAddressEnabled: z.boolean({ error: 'taxAddressEnabled must be true or false' }),
  powerOfAttorneyEnabled: z.boolean({ error: 'powerOfAttorneyEnabled must be true or false' }),
  canton: z.enum(CANTON_CODES, { error: 'canton must be a canton code such as ZH' }).nullable(),
  tinNumber: withTextRules(z.string({ error: 'tinNumber must be text' }).trim().max(30, 'tinNumber is too long'), 'tinNumber'),
  powerOfAttorneyAccepted: z.boolean({ error: 'powerOfAttorneyAccepted must be true or false' }),
  version: partVersion,
});
export type AuthorizationBody = z.input<typeof authorizationBody>;

export const authorizationSettings = z.strictObject({
  taxAddressEnabled: z.boolean(),
  powerOfAttorneyEnabled: z.boolean(),
  canton: z.enum(CANTON_CODES).nullable(),
  tinNumber: z.string(),
  powerOfAttorneyAccepted: z.boolean(),
  lastUpdated: z.string(),
  taxYear: z.number(),
});
export type AuthorizationSettings = z.infer<typeof authorizationSettings>;

/** What PUT /api/advanced-tax-info/authorization answers: the settings as stored, and their new version. */
export const savedAuthorization = authorizationSettings.extend({ version: savedVersion });

export type AuthorizationProblem =
  | { code: 'MISSING_INFORMATION' }
  | { code: 'INVALID_TAX_ID_FORMAT'; format: string }
  | { code: 'POWER_OF_ATTORNEY_REQUIRED' };

/**
 * The save rules of part 2 §5, in their order: canton and a non-blank tax ID, the canton's format,
 * then the power-of-attorney acceptance (checked even with its toggle off, as the spec says).
 */
export function authorizationProblem(settings: Pick<AuthorizationBody, 'canton' | 'tinNumber' | 'powerOfAttorneyAccepted'>): AuthorizationProblem | undefined {
  if (!settings.canton || settings.tinNumber.trim() === '') return { code: 'MISSING_INFORMATION' };
  if (!isValidTaxId(settings.canton, settings.tinNumber)) return { code: 'INVALID_TAX_ID_FORMAT', format: taxIdFormat(settings.canton)! };
  if (!settings.powerOfAttorneyAccepted) return { code: 'POWER_OF_ATTORNEY_REQUIRED' };
  return undefined;
}

/** GET /api/advanced-tax-info?taxYear=: everything the screen shows for one year (D6). */
export const advancedTaxInfoResponse = userPreferencesResponse.extend({
  completed: z.boolean(),
  spouse: spouseInfo.nullable(),
  children: z.array(childInfo),
  authorization: authorizationSettings.nullable(),
  /** Files per category id for the year (the cards' counts). */
  fileCounts: z.record(z.string(), z.number()),
  /** Whether the year was transmitted (status 4 and later): its answers are read-only then (D7). */
  transmitted: z.boolean().optional(),
  /** When it was transmitted (ISO); null before, or when an administrator set the status without a transmission. */
  transmittedAt: z.string().nullable().optional(),
  /** The version of each part a save sends back as `version` (0 until it is first saved). */
  versions: z.strictObject({ spouse: savedVersion, children: savedVersion, authorization: savedVersion }),
});
export type AdvancedTaxInfoResponse = z.infer<typeof advancedTaxInfoResponse>;

/** What PUT /api/advanced-tax-info/children answers: the children as stored. */
export const childrenInfoResponse = z.strictObject({ taxYear: z.number(), children: z.array(childInfo), version: savedVersion });
