import { z } from 'zod';
import { controlCharactersRule, hasControlCharacters } from '../text.js';
import { fieldRule } from '../field-errors.js';
import { COUNTRY_CODE_VALUES, DEFAULT_COUNTRY_CODE, digitsOnly, type CountryCode } from '../phone.js';
import { normalisePhone } from '../phone-number.js';
import { ACTIVE_LANGUAGES } from '../languages.js';
import { TAX_STATUS_NAMES } from '../tax-status.js';
import { PERSONAL_FIELDS } from '../personal-answers.js';
import { TAX_PROFILE_FIELDS } from '../tax-profile.js';
import { editedFromVersion } from './database-id.js';

export const SUBSCRIPTION_PLANS = ['basic', 'premium'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

/**
 * A person, an expert who prepares returns (DECISIONS D18; the back office of issue 27 builds on
 * it), and an administrator. Only an administrator reaches the admin routes.
 */
export const ROLES = ['user', 'expert', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** D18: the expert workspace (routes of access 'expert') is for experts, and for admins, who may act as experts. */
export function canActAsExpert(role: Role): boolean {
  return role === 'expert' || role === 'admin';
}

const requiredName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(100, 'Too long')
    .refine((value) => !hasControlCharacters(value), controlCharactersRule('Must not contain control characters'));

/**
 * What `PUT /api/user/profile` takes besides the personal fields (D15, stored on the person) and the
 * tax-profile answers (stored in the year's tax profile): part 2 §3's other profile fields and the
 * joined `name` of §7. Anything else is refused with 400 naming it, so nothing sent vanishes.
 */
const OTHER_PROFILE_FIELDS = [
  'name',
  'occupation',
  'agreeToTerms',
  'taxAddress',
  'language',
  'subscriptionPlan',
  'taxStatus',
  'isTaxProfileComplete',
  'taxYear',
  'editedFrom',
  'draftVersion',
] as const;
export const PROFILE_BODY_FIELDS: ReadonlySet<string> = new Set([...PERSONAL_FIELDS, ...TAX_PROFILE_FIELDS, ...OTHER_PROFILE_FIELDS]);

const nullableText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} is too long`)
    .refine((value) => !hasControlCharacters(value), controlCharactersRule('Must not contain control characters'))
    .nullish();

/**
 * The profile form's four fields as a client showed them (`editedFrom` of PUT /api/user/profile):
 * when the stored ones differ (another tab or device saved since), the save is refused with 409
 * PROFILE_OUTDATED instead of overwriting them.
 */
const profileShown = z.strictObject(
  {
    firstName: z.string().max(100),
    lastName: z.string().max(100),
    phone: z.string().max(40),
    countryCode: z.enum(COUNTRY_CODE_VALUES),
  },
  { error: 'editedFrom must hold firstName, lastName, phone and countryCode as the form showed them' },
);
export type ProfileShown = z.infer<typeof profileShown>;

const isCountryCode = (value: string): value is CountryCode => (COUNTRY_CODE_VALUES as readonly string[]).includes(value);

/** A stored profile as every client's form shows it: the phone's digits, +41 for no (or an unknown) country code. */
export function profileAsShown(user: { firstName: string; lastName: string; phone: string; countryCode: string }): ProfileShown {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: digitsOnly(user.phone ?? ''),
    countryCode: user.countryCode && isCountryCode(user.countryCode) ? user.countryCode : DEFAULT_COUNTRY_CODE,
  };
}

/** Whether two shown profiles are the same one: names without outer spaces, the phone in its one stored form. */
export function sameProfileShown(one: ProfileShown, other: ProfileShown): boolean {
  return (
    one.firstName.trim() === other.firstName.trim() &&
    one.lastName.trim() === other.lastName.trim() &&
    one.countryCode === other.countryCode &&
    normalisePhone(one.countryCode, one.phone) === normalisePhone(other.countryCode, other.phone)
  );
}

/**
 * The profile form (part 2 §5). Messages are the edit-form texts; the web app shows
 * their translations (profile.errors.*) keyed by field.
 */
export const profileUpdateBody = z
  .looseObject({
    firstName: requiredName('First name is required'),
    lastName: requiredName('Last name is required'),
    phone: z
      .string({ error: 'Phone number is required' })
      .transform(digitsOnly)
      .pipe(z.string().min(4, 'Phone number is required').max(15, 'Phone number is too long')),
    countryCode: z.enum(COUNTRY_CODE_VALUES).default(DEFAULT_COUNTRY_CODE),
    language: z.enum(ACTIVE_LANGUAGES).optional(),
    /**
     * The wizard's final submit (part 2 §7) sends every field flat with `isTaxProfileComplete: true`;
     * the server then checks them all as the year's complete tax profile (completeTaxProfile).
     */
    isTaxProfileComplete: z.boolean().optional(),
    /** The year the wizard's answers belong to (DECISIONS D15); the query's taxYear works too. */
    taxYear: z.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year').optional(),
    /** §3's "jobName (or occupation)": read as jobName when jobName is not sent. */
    occupation: nullableText('Occupation', 100),
    /** Agreeing here records the acceptance as POST /api/gtc/accept does; false changes nothing. */
    agreeToTerms: z.boolean({ error: 'agreeToTerms must be true or false' }).optional(),
    /** The user record's tax address, as GET /api/user gives it. */
    taxAddress: z
      .strictObject({
        street: nullableText('Tax address street', 100),
        houseNumber: nullableText('Tax address house number', 20),
        zipCode: nullableText('Tax address zip code', 4),
        city: nullableText('Tax address city', 100),
        gemeinde: nullableText('Tax address Gemeinde', 100),
      })
      .nullish(),
    /** Shown, not chosen (D14): accepted when it is the plan the account has, refused otherwise. */
    subscriptionPlan: z.enum(SUBSCRIPTION_PLANS, { error: 'subscriptionPlan must be basic or premium' }).nullish(),
    /** The server owns the status (D1): accepted when it is the year's status (or the one the final submit moves to). */
    taxStatus: z.enum(TAX_STATUS_NAMES, { error: 'taxStatus is not a tax status' }).optional(),
    /** The stored names and phone the form showed (profileShown); left out, the save is made as the spec's. */
    editedFrom: profileShown.optional(),
    /**
     * The final submit's tax profile version, the one its answers were edited from (`version` of
     * GET /api/tax-profile): a newer one stored (another tab, another device, a changed profile)
     * is 409 DRAFT_OUTDATED and nothing is written; left out, the submit is made as the spec's.
     */
    draftVersion: editedFromVersion('draftVersion').optional(),
  })
  .superRefine((body, context) => {
    for (const key of Object.keys(body)) {
      if (!PROFILE_BODY_FIELDS.has(key)) context.addIssue({ code: 'custom', path: [key], ...fieldRule(`${key} is not a field of the profile`, 'UNKNOWN_FIELD', { keys: key }) });
    }
  });
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;
/** The profile as the server receives it after parsing (phone digits only, country code set). */
export type ProfileUpdate = z.output<typeof profileUpdateBody>;

/** The version of the terms and conditions a user accepts; a new text gets a new version. */
export const TERMS_VERSION = 'v1';

export const gtcAcceptBody = z.object({
  accepted: z.literal(true, { error: 'The terms must be accepted' }),
  timestamp: z.string().max(64).optional(),
  userAgent: z.string().max(512).optional(),
  ipAddress: z.string().max(64).optional(),
});

export const taxYearQuery = z.object({
  taxYear: z.coerce.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year').optional(),
});

/* The answers: zod schemas, their types inferred, checked against every answer in the API tests. */

export const gtcAcceptResponse = z.strictObject({ success: z.literal(true), acceptedAt: z.string() });
export type GtcAcceptResponse = z.infer<typeof gtcAcceptResponse>;

const taxStatusNameAnswer = z.enum(TAX_STATUS_NAMES);

/** The tax address as the person's record stores it: each part null until given. */
export const storedTaxAddress = z.strictObject({
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  gemeinde: z.string().nullable(),
});

export const userResponse = z.strictObject({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  countryCode: z.string(),
  language: z.string(),
  role: z.enum(ROLES),
  isAdmin: z.boolean(),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS).nullable(),
  isProfileComplete: z.boolean(),
  /** For the requested tax year (DECISIONS D15). */
  isTaxProfileComplete: z.boolean(),
  hasAcceptedTerms: z.boolean(),
  salutation: z.enum(['mr', 'mrs']).nullable(),
  /** ISO date (YYYY-MM-DD), or null when not given yet. */
  dateOfBirth: z.string().nullable(),
  jobName: z.string(),
  taxAddress: storedTaxAddress,
  taxYear: z.number(),
  taxStatus: taxStatusNameAnswer,
  taxYearStatuses: z.array(z.strictObject({ taxYear: z.number(), status: taxStatusNameAnswer })),
});
export type UserResponse = z.infer<typeof userResponse>;
export type TaxYearStatus = UserResponse['taxYearStatuses'][number];
