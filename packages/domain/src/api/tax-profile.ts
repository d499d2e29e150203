import { z } from 'zod';
import { isSwissPostcode } from '../address.js';
import { personalAnswers, type PersonalAnswers } from '../personal-answers.js';
import { taxCardSchema } from '../tax-cards.js';
import { taxCategoryPreferencesSchema } from '../tax-card-summary.js';
import { taxProfileAnswers, type TaxProfileAnswers } from '../tax-profile.js';
import { plainText, requiredText } from '../text.js';

const optionalYear = z.coerce.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year').optional();

/** `?taxYear=` of the tax-profile routes; without it, the year in preparation (DECISIONS D2). */
export const taxProfileQuery = z.object({ taxYear: optionalYear });

/** GET /api/tax-profile: a year's wizard, as a draft or complete (DECISIONS D15). */
export interface TaxProfileResponse {
  taxYear: number;
  /** The step (0–11) the wizard was left at. */
  step: number;
  /** The wizard's personal answers: the draft's while one is open, else the person's own. */
  personal: Required<{ [K in keyof PersonalAnswers]: PersonalAnswers[K] | null }>;
  answers: TaxProfileAnswers;
  isComplete: boolean;
  completedAt: string | null;
  updatedAt: string | null;
  /** Raised by every save of this year's profile; a draft sends it back to prove it is not older (0: nothing stored). */
  version: number;
  /** The newest earlier year with a complete profile, which "Start from last year" copies; null when none. */
  previousCompleteYear: number | null;
}

/**
 * The answer's schema, checked against every answer of GET /api/tax-profile and PUT
 * /api/tax-profile/draft in the API tests: every personal field present (null when not given), the
 * answers as the wizard's schema takes them (religion as its id).
 */
export const taxProfileResponse: z.ZodType<TaxProfileResponse> = z.strictObject({
  taxYear: z.number().int(),
  step: z.number().int(),
  personal: personalAnswers.required(),
  answers: taxProfileAnswers,
  isComplete: z.boolean(),
  completedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  version: z.number().int().min(0),
  previousCompleteYear: z.number().int().nullable(),
});

/** POST /api/status/set (part 2 §7): the wizard moves its year 1 → 2 once the tax profile is complete. */
export const statusSetBody = z.object({
  statusId: z.number({ error: 'statusId must be a number' }).int('statusId must be a whole number').min(1, 'statusId must be 1 to 6').max(6, 'statusId must be 1 to 6'),
  taxYear: z.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year').optional(),
});

/** The answer; a zod schema (its type inferred), checked against every answer in the API tests. */
export const saveDeclarationResponse = z.strictObject({
  success: z.literal(true),
  taxYear: z.number(),
  version: z.number(),
  fileName: z.string(),
  /** False when the same declaration was saved already (no new version). */
  isNewVersion: z.boolean(),
});
export type SaveDeclarationResponse = z.infer<typeof saveDeclarationResponse>;

/** GET /api/tax-category-preferences: the year's tax cards from its stored tax profile (part 2 §5). */
export const taxCategoryPreferencesResponse = z.strictObject({
  taxYear: z.number(),
  isTaxProfileComplete: z.boolean(),
  /** Which Advanced Tax Information tabs the answers call for. */
  preferences: taxCategoryPreferencesSchema,
  cards: z.array(taxCardSchema),
  /** Percent of the nine key fields filled. */
  completeness: z.number(),
  /** Up to three enabled cards, in the priority order of §5. */
  priorityCards: z.array(taxCardSchema),
});
export type TaxCategoryPreferencesResponse = z.infer<typeof taxCategoryPreferencesResponse>;

/** PUT /api/user/tax-address: the address lookup's Save Address (part 2 §2). */
export const taxAddressBody = z.strictObject({
  street: requiredText('Street', 100),
  houseNumber: plainText('House number', 20).optional(),
  zipCode: requiredText('Zip code', 4).refine(isSwissPostcode, 'Zip code must be a Swiss postcode (1000–9699)'),
  city: requiredText('City', 100),
  gemeinde: plainText('Gemeinde', 100).optional(),
});
export type TaxAddressBody = z.input<typeof taxAddressBody>;
