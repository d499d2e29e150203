import { describe, expect, it } from 'vitest';
import { fieldErrorOf } from '../field-errors.js';
import { childInfo, childMissingFields, childrenInfoBody } from './advanced-tax-info.js';

const lea = { firstName: 'Lea', lastName: 'Muster', birthDate: '2016-05-02', schoolingInfo: '', disability: '', alimony: '' };
const empty = { firstName: '', lastName: '', birthDate: '', schoolingInfo: '', disability: '', alimony: '' };

describe('a child of Advanced Tax Information (issue 28)', () => {
  it('needs a first name, a last name and a birth date; blanks count as empty', () => {
    expect(childMissingFields(lea)).toEqual([]);
    expect(childMissingFields(empty)).toEqual(['firstName', 'lastName', 'birthDate']);
    expect(childMissingFields({ ...lea, lastName: '   ' })).toEqual(['lastName']);
  });

  it('is refused on save naming the first empty field, with REQUIRED for the client to translate', () => {
    const parsed = childrenInfoBody.safeParse({ taxYear: 2025, children: [lea, { ...lea, birthDate: '' }] });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue.path).toEqual(['children', 1, 'birthDate']);
    expect(fieldErrorOf(issue)).toMatchObject({ fieldCode: 'REQUIRED' });
    expect(childrenInfoBody.safeParse({ taxYear: 2025, children: [lea] }).success).toBe(true);
  });

  it('still reads a stored child saved empty before the rule', () => {
    expect(childInfo.safeParse(empty).success).toBe(true);
  });
});
