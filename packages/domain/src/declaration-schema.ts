import { z } from 'zod';
import { religionSchema } from './religion.js';
import { databaseId } from './api/database-id.js';
import { DECLARATION_PROFILE_VERSION } from './declaration.js';
import { dateOfBirthSchema, systemClock, type Clock } from './personal-answers.js';
import { COUNTRY_CODE_VALUES, digitsOnly } from './phone.js';
import { cantonSlugSchema, childrenAgesSchema, wholeNumber, zipCodeSchema } from './tax-profile.js';
import { choiceError, plainText } from './text.js';
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
} from './tax-profile-enums.js';

/**
 * What `POST /api/tax/save-declaration` accepts as `taxData`: the groups of part 2 §3, which is the
 * shape buildTaxDeclaration makes; what the app added to them is optional, and religion may be
 * the spec's label. Each value within the wizard's bounds. Empty text is allowed here because the builder
 * writes '' for what was not given; whether a profile is complete is completeTaxProfile's job.
 */
const bool = (label: string) => z.boolean({ error: `${label} must be true or false` });

export function taxDeclarationSchemaFor(clock: Clock = systemClock) {
  return z.strictObject({
    personalInfo: z.strictObject({
      salutation: z.enum(SALUTATIONS, choiceError('Salutation')),
      firstName: plainText('First name', 100),
      lastName: plainText('Last name', 100),
      dateOfBirth: dateOfBirthSchema(clock),
      religion: religionSchema,
      phone: z.string({ error: 'Phone number must be text' }).max(15, 'Phone number is too long')
        .refine((v) => v === digitsOnly(v), 'Phone number must be digits only'),
      countryCode: z.enum(COUNTRY_CODE_VALUES, choiceError('Country code')),
      jobName: plainText('Job', 100),
      // The user record's tax address (GET /api/user) as it comes, or the street and city alone.
      taxAddress: z
        .strictObject({
          street: plainText('Tax address street', 100).nullable(),
          houseNumber: plainText('Tax address house number', 20).nullish(),
          zipCode: plainText('Tax address zip code', 4).nullish(),
          city: plainText('Tax address city', 100).nullable(),
          gemeinde: plainText('Tax address Gemeinde', 100).nullish(),
        })
        .nullish(),
    }),
    location: z.strictObject({
      cantonOfResidence: z.union([z.literal(''), cantonSlugSchema], { error: 'Please select your canton of residence' }),
      street: plainText('Street', 100),
      // Added by this app (the spec's street may hold the number): optional for the spec's clients.
      houseNumber: plainText('House number', 20).optional(),
      zipCode: zipCodeSchema,
      city: plainText('City', 100),
      gemeinde: plainText('Gemeinde', 100),
      movedDuringYear: z.enum(MOVED, choiceError('Moved during the year')),
      housingSituation: z.enum(HOUSING_SITUATIONS, choiceError('Housing situation')),
    }),
    personalStatus: z.strictObject({
      isFirefighter: bool('Firefighter duty'),
      maritalStatus: z.enum(MARITAL_STATUSES, choiceError('Marital status')),
    }),
    realEstate: z.strictObject({
      propertyOwner: bool('Property owner'),
      numberOfProperties: wholeNumber('Number of properties', 0, MAX_PROPERTIES),
      propertyCountry: plainText('Property country', 100),
      propertyUse: z.enum(PROPERTY_USES, choiceError('Property use')).nullable(),
    }),
    children: z.strictObject({
      hasChildren: bool('Children'),
      numberOfChildren: wholeNumber('Number of children', 0, MAX_CHILDREN),
      childrenAges: childrenAgesSchema,
    }),
    taxFeatures: z.strictObject({
      hasInvestments: bool('Investments'),
      hasForeignIncome: bool('Foreign income'),
      isDisabled: bool('Disability'),
      receivesAHVIV: bool('AHV/IV benefits'),
      hasTaxIdentificationNumber: bool('Tax identification number'),
      hasPowerOfAttorney: bool('Power of attorney'),
    }),
    employment: z.strictObject({
      employmentType: z.enum(EMPLOYMENT_TYPES, choiceError('Employment type')),
      hasPillar3a: bool('Pillar 3a'),
      hasPension: bool('Pension'),
    }),
    alimony: z.strictObject({
      paysAlimony: bool('Alimony'),
      alimonyAmount: wholeNumber('Alimony amount', 0, MAX_ALIMONY_AMOUNT),
      alimonyDuration: plainText('Alimony duration', 50),
    }),
    metadata: z.strictObject({
      submitDate: z.iso.datetime({ error: 'submitDate must be an ISO date and time' }),
      userId: databaseId(z.number({ error: 'userId must be a number' }), 'userId'),
      taxYear: wholeNumber('taxYear', 1900, 2100),
      profileVersion: z.literal(DECLARATION_PROFILE_VERSION, { error: `profileVersion must be ${DECLARATION_PROFILE_VERSION}` }),
      completionStatus: z.literal('complete', { error: 'completionStatus must be complete' }),
      dataValidated: z.literal(true, { error: 'dataValidated must be true' }),
    }),
  });
}

/** With the system clock; servers that inject a clock build their own with taxDeclarationSchemaFor. */
export const taxDeclarationSchema = taxDeclarationSchemaFor();

/** `tax_declaration_{userId}_{YYYY-MM-DD}.json` (declarationFileName). */
export const DECLARATION_FILE_NAME_PATTERN = /^tax_declaration_\d{1,10}_\d{4}-\d{2}-\d{2}\.json$/;

export function saveDeclarationBodySchema(clock: Clock = systemClock) {
  return z.strictObject({
    taxData: taxDeclarationSchemaFor(clock),
    filename: z
      .string({ error: 'filename is required' })
      .regex(DECLARATION_FILE_NAME_PATTERN, 'filename must be tax_declaration_{userId}_{YYYY-MM-DD}.json'),
  });
}

/** The body of `POST /api/tax/save-declaration` (part 2 §7). */
export const saveDeclarationBody = saveDeclarationBodySchema();
export type SaveDeclarationBody = z.input<typeof saveDeclarationBody>;
