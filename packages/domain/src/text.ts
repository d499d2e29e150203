import { z } from 'zod';

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

/** Trimmed text of at most `max` characters without control characters; may be empty. */
export function plainText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), `${label} must not contain control characters`);
}

/** Like plainText, but blank is refused with '{label} is required'. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), `${label} must not contain control characters`);
}

/** The error option of z.enum: 'is required' when the value is missing, 'is not valid' otherwise. */
export function choiceError(label: string) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined || issue.input === null ? `${label} is required` : `${label} is not a valid choice`,
  };
}
