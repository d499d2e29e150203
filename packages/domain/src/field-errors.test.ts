import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorOf, fieldRule } from './field-errors.js';

const firstIssue = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return fieldErrorOf(parsed.error.issues[0]!, input);
};

describe('fieldErrorOf', () => {
  it('reads lengths, ranges and list sizes with their bound', () => {
    expect(firstIssue(z.object({ a: z.string().max(3) }), { a: 'abcd' })).toEqual({ fieldCode: 'TOO_LONG', params: { max: 3 } });
    expect(firstIssue(z.object({ a: z.string().min(3) }), { a: 'ab' })).toEqual({ fieldCode: 'TOO_SHORT', params: { min: 3 } });
    expect(firstIssue(z.object({ a: z.string().min(1) }), { a: '' })).toEqual({ fieldCode: 'REQUIRED', params: {} });
    expect(firstIssue(z.number().min(16), 15)).toEqual({ fieldCode: 'TOO_SMALL', params: { min: 16 } });
    expect(firstIssue(z.number().max(120), 121)).toEqual({ fieldCode: 'TOO_LARGE', params: { max: 120 } });
    expect(firstIssue(z.array(z.number()).max(1), [1, 2])).toEqual({ fieldCode: 'TOO_MANY', params: { max: 1 } });
  });

  it('tells a missing value (REQUIRED) from one of the wrong kind by what was parsed', () => {
    const schema = z.object({ a: z.string(), b: z.enum(['x', 'y']) });
    expect(firstIssue(schema, { b: 'x' })).toEqual({ fieldCode: 'REQUIRED', params: {} });
    expect(firstIssue(schema, { a: null, b: 'x' })).toEqual({ fieldCode: 'REQUIRED', params: {} });
    expect(firstIssue(schema, { a: 5, b: 'x' })).toEqual({ fieldCode: 'WRONG_TYPE', params: { expected: 'string' } });
    expect(firstIssue(schema, { a: 'ok', b: 'z' })).toEqual({ fieldCode: 'NOT_A_CHOICE', params: {} });
    expect(firstIssue(z.number().int(), 1.5)).toEqual({ fieldCode: 'NOT_WHOLE_NUMBER', params: {} });
  });

  it('reads formats and unknown keys', () => {
    expect(firstIssue(z.email(), 'x')).toEqual({ fieldCode: 'INVALID_EMAIL', params: {} });
    expect(firstIssue(z.string().regex(/^a$/), 'b')).toEqual({ fieldCode: 'INVALID_FORMAT', params: { format: 'regex' } });
    expect(firstIssue(z.strictObject({}), { q: 1, r: 2 })).toEqual({ fieldCode: 'UNKNOWN_FIELD', params: { keys: 'q, r' } });
  });

  it("takes a domain rule's own code, and calls any other custom refusal INVALID", () => {
    const rule = z.string().refine((v) => v === 'ok', fieldRule('must be ok', 'NOT_SWISS_POSTCODE', { min: 1000, max: 9699 }));
    expect(firstIssue(rule, 'no')).toEqual({ fieldCode: 'NOT_SWISS_POSTCODE', params: { min: 1000, max: 9699 } });
    expect(rule.safeParse('no').error?.issues[0]?.message).toBe('must be ok');
    expect(firstIssue(z.string().refine((v) => v === 'ok', 'must be ok'), 'no')).toEqual({ fieldCode: 'INVALID', params: {} });
  });
});
