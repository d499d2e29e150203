import { z } from 'zod';
import { fieldRule } from './field-errors.js';
import { isRealIsoDate, toIsoDate } from './iso-date.js';
import { COUNTRY_CODE_VALUES, digitsOnly } from './phone.js';
import { choiceError, plainText } from './text.js';
import { SALUTATIONS } from './tax-profile-enums.js';

/**
 * The wizard's personal answers (step 1). They belong to the person, not to a year (D15), and are
 * stored on the user; in a draft each may be missing.
 */

/** The clock is passed in (D2) so that "not in the future" can be tested with a fixed today. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

/** Why a date of birth is refused (the options of its custom issue), or undefined when it is fine. */
export function dateOfBirthRule(value: string, today: Date): ReturnType<typeof fieldRule> | undefined {
  if (!isRealIsoDate(value)) return fieldRule('Date of birth must be a date (YYYY-MM-DD)', 'INVALID_DATE');
  if (value < EARLIEST_DATE_OF_BIRTH) return fieldRule('Date of birth must not be before 1900', 'DATE_TOO_EARLY', { year: Number(EARLIEST_DATE_OF_BIRTH.slice(0, 4)) });
  // ISO dates compare as strings.
  if (value > toIsoDate(today)) return fieldRule('Date of birth must not be in the future', 'DATE_IN_FUTURE');
  return undefined;
}

/** Why a date of birth is refused, in English, or undefined when it is fine. */
export function dateOfBirthProblem(value: string, today: Date): string | undefined {
  return dateOfBirthRule(value, today)?.message;
}

/** A date of birth, or '' for "not given yet". */
export function dateOfBirthSchema(clock: Clock = systemClock) {
  return z
    .string({ error: 'Date of birth must be text' })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return;
      const problem = dateOfBirthRule(value, clock());
      if (problem) ctx.addIssue({ code: 'custom', ...problem });
    });
}

/** Digits only, as the phone input keeps them (phone.ts, api/user.ts). */
export const phoneSchema = z
  .string({ error: 'Phone number must be text' })
  .transform(digitsOnly)
  .pipe(z.string().max(15, 'Phone number is too long'));

export function personalAnswersSchema(clock: Clock = systemClock) {
  return z.strictObject({
    salutation: z.enum(SALUTATIONS, choiceError('Salutation')).nullish(),
    firstName: plainText('First name', 100).nullish(),
    lastName: plainText('Last name', 100).nullish(),
    dateOfBirth: dateOfBirthSchema(clock).nullish(),
    phone: phoneSchema.nullish(),
    countryCode: z.enum(COUNTRY_CODE_VALUES, choiceError('Country code')).nullish(),
    jobName: plainText('Job', 100).nullish(),
  });
}

/** With the system clock; servers that inject a clock build their own with personalAnswersSchema. */
export const personalAnswers = personalAnswersSchema();
export type PersonalAnswers = z.input<typeof personalAnswers>;
export type ParsedPersonalAnswers = z.output<typeof personalAnswers>;
export type PersonalField = keyof PersonalAnswers;
export const PERSONAL_FIELDS = Object.keys(personalAnswers.shape) as PersonalField[];
