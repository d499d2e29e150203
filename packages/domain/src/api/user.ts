import { z } from 'zod';
import { hasControlCharacters } from '../text.js';
import { COUNTRY_CODE_VALUES, DEFAULT_COUNTRY_CODE, digitsOnly } from '../phone.js';
import { ACTIVE_LANGUAGES } from '../languages.js';
import type { TaxStatusName } from '../tax-status.js';

export const SUBSCRIPTION_PLANS = ['basic', 'premium'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const requiredName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(100, 'Too long')
    .refine((value) => !hasControlCharacters(value), 'Must not contain control characters');

/**
 * The profile form (part 2 §5). Messages are the edit-form texts; the web app shows
 * their translations (profile.errors.*) keyed by field.
 */
export const profileUpdateBody = z.looseObject({
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

export interface GtcAcceptResponse {
  success: true;
  acceptedAt: string;
}

export interface TaxYearStatus {
  taxYear: number;
  status: TaxStatusName;
}

export interface UserResponse {
  id: number;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  phone: string;
  countryCode: string;
  language: string;
  role: Role;
  isAdmin: boolean;
  subscriptionPlan: SubscriptionPlan | null;
  isProfileComplete: boolean;
  /** For the requested tax year (DECISIONS D15). */
  isTaxProfileComplete: boolean;
  hasAcceptedTerms: boolean;
  salutation: 'mr' | 'mrs' | null;
  /** ISO date (YYYY-MM-DD), or null when not given yet. */
  dateOfBirth: string | null;
  jobName: string;
  taxAddress: {
    street: string | null;
    houseNumber: string | null;
    zipCode: string | null;
    city: string | null;
    gemeinde: string | null;
  };
  taxYear: number;
  taxStatus: TaxStatusName;
  taxYearStatuses: TaxYearStatus[];
}
