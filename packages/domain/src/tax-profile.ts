import { z } from 'zod';
import { religionSchema } from './religion.js';
import type { Religion } from './tax-profile-enums.js';
import { isSwissPostcode, swissPostcodeRule } from './address.js';
import { fieldRule } from './field-errors.js';
import { CANTON_SLUGS } from './cantons.js';
import { choiceError, plainText } from './text.js';
import {
  EMPLOYMENT_TYPES,
  HOUSING_SITUATIONS,
  MARITAL_STATUSES,
  MAX_ALIMONY_AMOUNT,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
  MAX_PROPERTIES,
  MIN_CHILD_AGE,
  MOVED,
  PROPERTY_USES,
  TAXATION_LEVELS,
  TAX_MAIL_DESTINATIONS,
} from './tax-profile-enums.js';

/**
 * The tax profile of one year (DECISIONS D15): every wizard answer that describes the year, not
 * the person. In a draft each answer may be missing (undefined or null), so that the wizard can
 * be saved at any step; unknown keys are refused so that a typo never passes silently.
 */

/** A canton of residence is stored as the canton's slug ('zurich', cantons.ts). */
export const cantonSlugSchema = z
  .string({ error: 'Canton of residence must be text' })
  .refine((slug) => CANTON_SLUGS.includes(slug), fieldRule('Please select your canton of residence', 'NOT_A_CHOICE'));

/** A Swiss postcode; '' stands for "not typed yet". */
export const zipCodeSchema = z
  .string({ error: 'Zip code must be text' })
  .trim()
  .refine((value) => value === '' || isSwissPostcode(value), swissPostcodeRule);

export function wholeNumber(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
}

export const childAgeSchema = wholeNumber('Child age', MIN_CHILD_AGE, MAX_CHILD_AGE);
export const childrenAgesSchema = z
  .array(childAgeSchema, { error: 'Children ages must be a list' })
  .max(MAX_CHILDREN, `At most ${MAX_CHILDREN} children`);

const flag = (label: string) => z.boolean({ error: `${label} must be yes or no` }).nullish();

export const taxProfileAnswers = z.strictObject({
  religion: religionSchema.nullish(),
  cantonOfResidence: cantonSlugSchema.nullish(),
  street: plainText('Street', 100).nullish(),
  houseNumber: plainText('House number', 20).nullish(),
  zipCode: zipCodeSchema.nullish(),
  city: plainText('City', 100).nullish(),
  gemeinde: plainText('Gemeinde', 100).nullish(),
  // D19, step 3: where tax mail goes; missing (drafts from before it was asked) means the residence.
  taxMailTo: z.enum(TAX_MAIL_DESTINATIONS, choiceError('Tax mail address')).nullish(),
  taxMailCareOf: plainText('c/o', 100).nullish(),
  taxMailStreet: plainText('Street', 100).nullish(),
  taxMailHouseNumber: plainText('House number', 20).nullish(),
  taxMailZipCode: zipCodeSchema.nullish(),
  taxMailCity: plainText('City', 100).nullish(),
  movedDuringYear: z.enum(MOVED, choiceError('Moved during the year')).nullish(),
  isFirefighter: flag('Firefighter duty'),
  housingSituation: z.enum(HOUSING_SITUATIONS, choiceError('Housing situation')).nullish(),
  maritalStatus: z.enum(MARITAL_STATUSES, choiceError('Marital status')).nullish(),
  propertyOwner: flag('Property owner'),
  numberOfProperties: wholeNumber('Number of properties', 0, MAX_PROPERTIES).nullish(),
  propertyCountry: plainText('Property country', 100).nullish(),
  propertyUse: z.enum(PROPERTY_USES, choiceError('Property use')).nullish(),
  hasChildren: flag('Children'),
  numberOfChildren: wholeNumber('Number of children', 0, MAX_CHILDREN).nullish(),
  childrenAges: childrenAgesSchema.nullish(),
  hasInvestments: flag('Investments'),
  hasForeignIncome: flag('Foreign income'),
  isDisabled: flag('Disability'),
  receivesAHVIV: flag('AHV/IV benefits'),
  hasTaxIdentificationNumber: flag('Tax identification number'),
  hasPowerOfAttorney: flag('Power of attorney'),
  employmentType: z.enum(EMPLOYMENT_TYPES, choiceError('Employment type')).nullish(),
  paysAlimony: flag('Alimony'),
  alimonyAmount: wholeNumber('Alimony amount', 0, MAX_ALIMONY_AMOUNT).nullish(),
  alimonyDuration: plainText('Alimony duration', 50).nullish(),
  hasPillar3a: flag('Pillar 3a'),
  hasPension: flag('Pension'),
  taxationLevel: z.enum(TAXATION_LEVELS, choiceError('Taxation level')).nullish(),
  hasDonations: flag('Donations'),
  hasDeductions: flag('Deductions'),
});
/** A year's answers as clients send them (a draft: anything may be missing). */
/** As clients send them; religion as its id (the spec's labels are read as ids, never written). */
export type TaxProfileAnswers = Omit<z.input<typeof taxProfileAnswers>, 'religion'> & { religion?: Religion | null | undefined };
/** The same after parsing (strings trimmed). */
export type ParsedTaxProfileAnswers = z.output<typeof taxProfileAnswers>;
export type TaxProfileField = keyof TaxProfileAnswers;
export const TAX_PROFILE_FIELDS = Object.keys(taxProfileAnswers.shape) as TaxProfileField[];
