import type { z } from 'zod';

/**
 * Why a field was refused, as a code a client translates (issue 25): the server's `message` is
 * English for developers, a person reads the web app's text for `fieldCode` with its `params`.
 * Most codes are read from zod's own issue (a length, a range, a type); the domain's rules that
 * zod cannot name (a Swiss postcode, a date of birth in the future) carry theirs on the issue
 * through `fieldRule`.
 */
export const FIELD_ERROR_CODES = [
  // Missing, null, or blank where text is required
  'REQUIRED',
  // Text: params.min / params.max characters
  'TOO_SHORT',
  'TOO_LONG',
  // Numbers: params.min / params.max
  'TOO_SMALL',
  'TOO_LARGE',
  'NOT_WHOLE_NUMBER',
  // Lists: params.min / params.max entries
  'TOO_FEW',
  'TOO_MANY',
  // Not the kind of value the field takes (params.expected: string, number, boolean, array, object…)
  'WRONG_TYPE',
  // Not one of the field's choices
  'NOT_A_CHOICE',
  'INVALID_EMAIL',
  // Another format zod checks (params.format: regex, datetime…)
  'INVALID_FORMAT',
  // A key the body has no field for (params.keys: the names, comma-separated)
  'UNKNOWN_FIELD',
  // The domain's text rules (text.ts)
  'CONTROL_CHARACTERS',
  'HALF_CHARACTER',
  // Dates (personal-answers.ts): params.year, the earliest, for DATE_TOO_EARLY
  'INVALID_DATE',
  'DATE_TOO_EARLY',
  'DATE_IN_FUTURE',
  // A Swiss postcode: params.min and params.max
  'NOT_SWISS_POSTCODE',
  'INVALID_AHV_NUMBER',
  // The wizard's answers that must agree with each other (complete-tax-profile.ts)
  'CHILDREN_REQUIRED',
  // params.count: the number of children given
  'CHILDREN_AGES_COUNT',
  'CHILDREN_NOT_EXPECTED',
  'ALIMONY_NOT_EXPECTED',
  // A field the client may send back but not change (the plan, the tax status)
  'NOT_CHANGEABLE',
  // A tax year outside the years offered: params.min and params.max
  'TAX_YEAR_OUT_OF_RANGE',
  // Any other refusal
  'INVALID',
] as const;

export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
export type FieldErrorParams = Record<string, string | number>;

export interface FieldError {
  fieldCode: FieldErrorCode;
  params: FieldErrorParams;
}

export function isFieldErrorCode(value: unknown): value is FieldErrorCode {
  return typeof value === 'string' && (FIELD_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The options of a domain rule's refinement (`.refine(check, fieldRule(…))`, or spread into
 * `ctx.addIssue`): its English message and its code, which zod keeps on the custom issue.
 */
export function fieldRule(message: string, fieldCode: FieldErrorCode, params: FieldErrorParams = {}) {
  return { message, params: { fieldError: { fieldCode, params } satisfies FieldError } };
}

type Issue = z.core.$ZodIssue;

/** The value an issue's path points to in what was parsed (zod's issues do not carry it). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

const isMissing = (value: unknown) => value === undefined || value === null;

/** A bound as a plain number (zod reports bigint and Date bounds too). */
const bound = (value: number | bigint) => Number(value);

function sizeError(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): FieldError {
  const small = issue.code === 'too_small';
  const limit = bound(small ? issue.minimum : issue.maximum);
  const params: FieldErrorParams = small ? { min: limit } : { max: limit };
  switch (issue.origin) {
    case 'string':
      if (small && limit === 1) return { fieldCode: 'REQUIRED', params: {} };
      return { fieldCode: small ? 'TOO_SHORT' : 'TOO_LONG', params };
    case 'array':
    case 'set':
      return { fieldCode: small ? 'TOO_FEW' : 'TOO_MANY', params };
    default:
      return { fieldCode: small ? 'TOO_SMALL' : 'TOO_LARGE', params };
  }
}

/** The code a domain rule put on its custom issue, when it did. */
function ruleError(issue: Issue): FieldError | undefined {
  const carried = (issue as { params?: { fieldError?: Partial<FieldError> } }).params?.fieldError;
  if (!carried || !isFieldErrorCode(carried.fieldCode)) return undefined;
  return { fieldCode: carried.fieldCode, params: { ...carried.params } };
}

/**
 * The code and parameters of a zod issue. `input` is what was parsed: a type or choice error
 * where nothing was sent is REQUIRED, which zod's issue alone cannot tell.
 */
export function fieldErrorOf(issue: Issue, input?: unknown): FieldError {
  const missing = () => isMissing(valueAt(input, issue.path));
  switch (issue.code) {
    case 'too_small':
    case 'too_big':
      return sizeError(issue);
    case 'invalid_type':
      if (missing()) return { fieldCode: 'REQUIRED', params: {} };
      if (issue.expected === 'int') return { fieldCode: 'NOT_WHOLE_NUMBER', params: {} };
      return { fieldCode: 'WRONG_TYPE', params: { expected: issue.expected } };
    case 'invalid_value':
      return { fieldCode: missing() ? 'REQUIRED' : 'NOT_A_CHOICE', params: {} };
    case 'invalid_format':
      if (issue.format === 'email') return { fieldCode: 'INVALID_EMAIL', params: {} };
      return { fieldCode: 'INVALID_FORMAT', params: { format: issue.format } };
    case 'not_multiple_of':
      return { fieldCode: 'NOT_WHOLE_NUMBER', params: {} };
    case 'unrecognized_keys':
      return { fieldCode: 'UNKNOWN_FIELD', params: { keys: issue.keys.join(', ') } };
    case 'custom':
      return ruleError(issue) ?? { fieldCode: 'INVALID', params: {} };
    default:
      return { fieldCode: 'INVALID', params: {} };
  }
}
