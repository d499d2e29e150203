import { z } from 'zod';
import { religionSchema } from './religion.js';
import { isSwissPostcode, swissPostcodeRule } from './address.js';
import { fieldRule } from './field-errors.js';
import { CANTON_SLUGS } from './cantons.js';
import { COUNTRY_CODE_VALUES, DEFAULT_COUNTRY_CODE, digitsOnly } from './phone.js';
import { dateOfBirthRule, systemClock, type Clock } from './personal-answers.js';
import { choiceError, plainText, requiredText } from './text.js';
import { childrenAgesSchema, wholeNumber } from './tax-profile.js';
import {
  EMPLOYMENT_TYPES,
  HOUSING_SITUATIONS,
  MARITAL_STATUSES,
  MAX_ALIMONY_AMOUNT,
  MAX_CHILDREN,
  MAX_PROPERTIES,
  MOVED,
  PROPERTY_USES,
  SALUTATIONS,
  TAXATION_LEVELS,
  TAX_MAIL_DESTINATIONS,
} from './tax-profile-enums.js';

/**
 * The wizard's final submit (part 2 §4, §5): every field a step requires is present, the answers
 * agree with each other, and what the user left empty gets the defaults of §3. Its output is
 * what the server stores as the year's complete tax profile.
 */

/** Missing (undefined or null) becomes the default. */
function withDefault<T extends z.ZodType, D extends NonNullable<z.output<T>>>(schema: T, value: D) {
  return schema.nullish().transform((v): NonNullable<z.output<T>> => (v ?? value) as NonNullable<z.output<T>>);
}

/** Optional text: missing or blank becomes null. */
function optionalText(label: string, max: number) {
  return plainText(label, max).nullish().transform((v) => (v ? v : null));
}

const flag = (label: string) => withDefault(z.boolean({ error: `${label} must be yes or no` }), false);

function completePersonal(clock: Clock) {
  return z.strictObject({
    salutation: z.enum(SALUTATIONS, choiceError('Salutation')),
    firstName: requiredText('First name', 100),
    lastName: requiredText('Last name', 100),
    dateOfBirth: requiredText('Date of birth', 10).superRefine((value, ctx) => {
      const problem = dateOfBirthRule(value, clock());
      if (problem) ctx.addIssue({ code: 'custom', ...problem });
    }),
    phone: z
      .string({ error: 'Phone number is required' })
      .transform(digitsOnly)
      .pipe(z.string().min(4, 'Phone number is required').max(15, 'Phone number is too long')),
    countryCode: withDefault(z.enum(COUNTRY_CODE_VALUES, choiceError('Country code')), DEFAULT_COUNTRY_CODE),
    jobName: requiredText('Job', 100),
  });
}

const completeAnswers = z
  .strictObject({
    religion: religionSchema,
    cantonOfResidence: z
      .string({ error: 'Canton of residence is required' })
      .refine((slug) => CANTON_SLUGS.includes(slug), fieldRule('Please select your canton of residence', 'NOT_A_CHOICE')),
    street: requiredText('Street', 100),
    houseNumber: optionalText('House number', 20),
    zipCode: requiredText('Zip code', 4).refine(isSwissPostcode, swissPostcodeRule),
    city: requiredText('City', 100),
    gemeinde: requiredText('Gemeinde', 100),
    // D19: profiles from before step 3 asked have no answer, which is the residence address.
    taxMailTo: withDefault(z.enum(TAX_MAIL_DESTINATIONS, choiceError('Tax mail address')), 'residence'),
    taxMailCareOf: optionalText('c/o', 100),
    taxMailStreet: optionalText('Street', 100),
    taxMailHouseNumber: optionalText('House number', 20),
    taxMailZipCode: optionalText('Zip code', 4),
    taxMailCity: optionalText('City', 100),
    movedDuringYear: withDefault(z.enum(MOVED, choiceError('Moved during the year')), 'no'),
    isFirefighter: flag('Firefighter duty'),
    housingSituation: withDefault(z.enum(HOUSING_SITUATIONS, choiceError('Housing situation')), 'renter'),
    maritalStatus: z.enum(MARITAL_STATUSES, choiceError('Marital status')),
    propertyOwner: flag('Property owner'),
    numberOfProperties: withDefault(wholeNumber('Number of properties', 0, MAX_PROPERTIES), 0),
    propertyCountry: optionalText('Property country', 100),
    propertyUse: z.enum(PROPERTY_USES, choiceError('Property use')).nullish().transform((v) => v ?? null),
    hasChildren: flag('Children'),
    numberOfChildren: withDefault(wholeNumber('Number of children', 0, MAX_CHILDREN), 0),
    childrenAges: withDefault(childrenAgesSchema, []),
    hasInvestments: flag('Investments'),
    hasForeignIncome: flag('Foreign income'),
    isDisabled: flag('Disability'),
    receivesAHVIV: flag('AHV/IV benefits'),
    hasTaxIdentificationNumber: flag('Tax identification number'),
    hasPowerOfAttorney: flag('Power of attorney'),
    employmentType: withDefault(z.enum(EMPLOYMENT_TYPES, choiceError('Employment type')), 'employed'),
    paysAlimony: flag('Alimony'),
    alimonyAmount: withDefault(wholeNumber('Alimony amount', 0, MAX_ALIMONY_AMOUNT), 0),
    alimonyDuration: optionalText('Alimony duration', 50),
    hasPillar3a: flag('Pillar 3a'),
    hasPension: flag('Pension'),
    taxationLevel: z.enum(TAXATION_LEVELS, choiceError('Taxation level')).nullish().transform((v) => v ?? null),
    hasDonations: flag('Donations'),
    hasDeductions: flag('Deductions'),
  })
  .superRefine((a, ctx) => {
    if (a.hasChildren) {
      if (a.numberOfChildren < 1) {
        ctx.addIssue({ code: 'custom', path: ['numberOfChildren'], ...fieldRule('At least one child is required when you have children', 'CHILDREN_REQUIRED') });
      } else if (a.childrenAges.length !== a.numberOfChildren) {
        ctx.addIssue({
          code: 'custom',
          path: ['childrenAges'],
          ...fieldRule(`One age per child is required (${a.numberOfChildren})`, 'CHILDREN_AGES_COUNT', { count: a.numberOfChildren }),
        });
      }
    } else if (a.numberOfChildren !== 0 || a.childrenAges.length !== 0) {
      ctx.addIssue({ code: 'custom', path: ['numberOfChildren'], ...fieldRule('Children are given although you have none', 'CHILDREN_NOT_EXPECTED') });
    }
    // The amount may be 0 (§5: it falls back to 0), but nothing else without alimony.
    if (!a.paysAlimony && (a.alimonyAmount !== 0 || a.alimonyDuration !== null)) {
      const path = a.alimonyAmount !== 0 ? 'alimonyAmount' : 'alimonyDuration';
      ctx.addIssue({ code: 'custom', path: [path], ...fieldRule('Alimony is given although you pay none', 'ALIMONY_NOT_EXPECTED') });
    }
    if (a.taxMailTo === 'other') {
      for (const [field, label] of [['taxMailStreet', 'Street'], ['taxMailZipCode', 'Zip code'], ['taxMailCity', 'City']] as const) {
        if (a[field] === null) ctx.addIssue({ code: 'custom', path: [field], ...fieldRule(`${label} of the tax mail address is required`, 'REQUIRED') });
      }
      if (a.taxMailZipCode !== null && !isSwissPostcode(a.taxMailZipCode)) {
        ctx.addIssue({ code: 'custom', path: ['taxMailZipCode'], ...swissPostcodeRule });
      }
    }
  })
  // Another address typed and then given up for the residence is not kept as the year's answer.
  .transform((a) =>
    a.taxMailTo === 'residence'
      ? { ...a, taxMailCareOf: null, taxMailStreet: null, taxMailHouseNumber: null, taxMailZipCode: null, taxMailCity: null }
      : a,
  );

export function completeTaxProfileSchema(clock: Clock = systemClock) {
  return z.strictObject({ personal: completePersonal(clock), answers: completeAnswers });
}

/** With the system clock; servers that inject a clock build their own with completeTaxProfileSchema. */
export const completeTaxProfile = completeTaxProfileSchema();
export type CompleteTaxProfileInput = z.input<typeof completeTaxProfile>;
/** Everything present, defaults applied: what the server stores and the declaration is built from. */
export type CompleteTaxProfile = z.output<typeof completeTaxProfile>;
