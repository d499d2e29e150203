import { z } from 'zod';
import { fieldRule } from './field-errors.js';

/**
 * Free text the user types into the profile and the wizard. It ends up in the tax declaration,
 * in file names of the experts' exports and on screen, where a control character (a newline in a
 * city, an escape sequence) is never meant: such text is refused with a message, not cleaned.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this rule looks for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * Half of a UTF-16 surrogate pair without its other half (JSON can carry one as "\ud800"): no
 * character at all, so not text (String.prototype.isWellFormed, which ES2023's types lack yet).
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

export function hasLoneSurrogates(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * Whether PostgreSQL can store the text: it refuses NUL (U+0000) in text and jsonb, and a lone
 * surrogate in jsonb. The server refuses such text in any request (plugins/storable-text.ts).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !hasLoneSurrogates(value);
}

/** The refusal of text with a control character, with its code for the client (field-errors.ts). */
export const controlCharactersRule = (message: string) => fieldRule(message, 'CONTROL_CHARACTERS');

/** The rules of every free-text field: no control characters, no lone surrogates. */
export function withTextRules<T extends z.ZodType<string>>(schema: T, label: string) {
  return schema
    .refine((value) => !hasControlCharacters(value), controlCharactersRule(`${label} must not contain control characters`))
    .refine((value) => !hasLoneSurrogates(value), fieldRule(`${label} must be valid text (it contains half of a character)`, 'HALF_CHARACTER'));
}

/** Trimmed text of at most `max` characters without control characters; may be empty. */
export function plainText(label: string, max: number) {
  return withTextRules(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
    label,
  );
}

/** Like plainText, but blank is refused with '{label} is required'. */
export function requiredText(label: string, max: number) {
  return withTextRules(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
    label,
  );
}

/** The error option of z.enum: 'is required' when the value is missing, 'is not valid' otherwise. */
export function choiceError(label: string) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined || issue.input === null ? `${label} is required` : `${label} is not a valid choice`,
  };
}
