import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { taxProfileAnswers, TAX_PROFILE_FIELDS } from './tax-profile.js';
import { dateOfBirthProblem, personalAnswersSchema, PERSONAL_FIELDS } from './personal-answers.js';
import { wizardDraftSchema } from './wizard-draft.js';
import { isRealIsoDate, toIsoDate } from './iso-date.js';

const today = new Date(2026, 10, 23);
const clock = () => today;

function firstIssue(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue && { path: issue.path, message: issue.message };
}

describe('tax profile answers (a draft of one year)', () => {
  it('accepts an empty draft and a full one', () => {
    expect(taxProfileAnswers.parse({})).toEqual({});
    const full = {
      religion: 'reformed', cantonOfResidence: 'zurich', street: 'Bahnhofstrasse', houseNumber: '12a',
      zipCode: '8001', city: 'Zürich', gemeinde: 'Zürich', taxMailTo: 'other', taxMailCareOf: 'Treuhand AG',
      taxMailStreet: 'Seestrasse', taxMailHouseNumber: '120', taxMailZipCode: '8800', taxMailCity: 'Thalwil', movedDuringYear: 'no', isFirefighter: false,
      housingSituation: 'renter', maritalStatus: 'divorced', propertyOwner: true, numberOfProperties: 2,
      propertyCountry: 'Switzerland', propertyUse: 'rented', hasChildren: true, numberOfChildren: 2,
      childrenAges: [0, 18], hasInvestments: true, hasForeignIncome: false, isDisabled: false,
      receivesAHVIV: false, hasTaxIdentificationNumber: true, hasPowerOfAttorney: true,
      employmentType: 'self-employed', paysAlimony: true, alimonyAmount: 1500, alimonyDuration: '24 months',
      hasPillar3a: true, hasPension: false, taxationLevel: 'cantonal', hasDonations: false, hasDeductions: true,
    } as const;
    expect(taxProfileAnswers.parse(full)).toEqual(full);
    expect(Object.keys(full).sort()).toEqual([...TAX_PROFILE_FIELDS].sort());
  });

  it('accepts null for every answer (cleared fields)', () => {
    const cleared = Object.fromEntries(TAX_PROFILE_FIELDS.map((f) => [f, null]));
    expect(taxProfileAnswers.safeParse(cleared).success).toBe(true);
  });

  it('refuses unknown keys and the personal fields that stay on the user', () => {
    expect(taxProfileAnswers.safeParse({ hasKids: true }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ firstName: 'Anna' }).success).toBe(false);
  });

  it('trims text and refuses control characters and overlong text with the field named', () => {
    expect(taxProfileAnswers.parse({ city: '  Bern ' }).city).toBe('Bern');
    expect(firstIssue(taxProfileAnswers.safeParse({ city: 'Be\nrn' }))).toEqual({
      path: ['city'],
      message: 'City must not contain control characters',
    });
    expect(taxProfileAnswers.safeParse({ street: 'A\u0085B' }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ gemeinde: 'x\u007f' }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ street: 'x'.repeat(100) }).success).toBe(true);
    expect(firstIssue(taxProfileAnswers.safeParse({ street: 'x'.repeat(101) }))?.path).toEqual(['street']);
    expect(taxProfileAnswers.safeParse({ alimonyDuration: 'x'.repeat(51) }).success).toBe(false);
  });

  it('refuses control characters in every text answer', () => {
    const texts = ['street', 'houseNumber', 'city', 'gemeinde', 'propertyCountry', 'alimonyDuration'];
    fc.assert(
      fc.property(fc.constantFrom(...texts), fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f), (field, code) => {
        const result = taxProfileAnswers.safeParse({ [field]: `a${String.fromCharCode(code)}b` });
        expect(firstIssue(result)?.path).toEqual([field]);
      }),
    );
  });

  it('takes a canton slug of the 26 only', () => {
    expect(taxProfileAnswers.safeParse({ cantonOfResidence: 'graubunden' }).success).toBe(true);
    expect(firstIssue(taxProfileAnswers.safeParse({ cantonOfResidence: 'Zurich' }))?.message).toBe(
      'Please select your canton of residence',
    );
    expect(taxProfileAnswers.safeParse({ cantonOfResidence: 'ZH' }).success).toBe(false);
  });

  it('takes Swiss postcodes, or nothing typed yet', () => {
    expect(taxProfileAnswers.safeParse({ zipCode: '3000' }).success).toBe(true);
    expect(taxProfileAnswers.safeParse({ zipCode: '' }).success).toBe(true);
    expect(taxProfileAnswers.safeParse({ zipCode: '0999' }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ zipCode: '9700' }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ zipCode: 8001 }).success).toBe(false);
  });

  it('bounds numbers and children ages', () => {
    expect(taxProfileAnswers.safeParse({ numberOfProperties: 99 }).success).toBe(true);
    expect(taxProfileAnswers.safeParse({ numberOfProperties: 100 }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ numberOfChildren: 20 }).success).toBe(true);
    expect(taxProfileAnswers.safeParse({ numberOfChildren: 21 }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ numberOfChildren: 1.5 }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ childrenAges: [19] }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ childrenAges: [-1] }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ childrenAges: Array(21).fill(7) }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ alimonyAmount: 1_000_000 }).success).toBe(true);
    expect(taxProfileAnswers.safeParse({ alimonyAmount: 1_000_001 }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ alimonyAmount: 99.5 }).success).toBe(false);
  });

  it("takes the enumerations' ids, and religion also by part 2 §3's labels, read as the ids", () => {
    expect(taxProfileAnswers.parse({ religion: 'Roman Catholic' })).toEqual({ religion: 'roman_catholic' });
    expect(taxProfileAnswers.parse({ religion: 'Other/None' })).toEqual({ religion: 'other_none' });
    expect(firstIssue(taxProfileAnswers.safeParse({ religion: 'Catholic' }))?.message).toBe('Religion is not a valid choice');
    expect(firstIssue(taxProfileAnswers.safeParse({ maritalStatus: 'single' }))?.message).toBe('Marital status is not a valid choice');
    expect(taxProfileAnswers.safeParse({ movedDuringYear: true }).success).toBe(false);
    expect(taxProfileAnswers.safeParse({ employmentType: 'retired' }).success).toBe(true);
    expect(taxProfileAnswers.safeParse({ isFirefighter: 'yes' }).success).toBe(false);
  });
});

describe('personal answers', () => {
  const personal = personalAnswersSchema(clock);

  it('accepts an empty draft and keeps digits only in the phone number', () => {
    expect(personal.parse({})).toEqual({});
    expect(personal.parse({ phone: '079 123 45 67', firstName: ' Anna ' })).toEqual({ phone: '0791234567', firstName: 'Anna' });
    expect(personal.safeParse({ phone: '1'.repeat(16) }).success).toBe(false);
    expect(personal.safeParse({ countryCode: '+41' }).success).toBe(true);
    expect(personal.safeParse({ countryCode: '+1' }).success).toBe(false);
    expect(personal.safeParse({ religion: 'reformed' }).success).toBe(false);
    expect(personal.safeParse({ lastName: 'Muster\u0000' }).success).toBe(false);
    expect(PERSONAL_FIELDS).toEqual(['salutation', 'firstName', 'lastName', 'dateOfBirth', 'phone', 'countryCode', 'jobName']);
  });

  it('takes a real date of birth between 1900 and today', () => {
    expect(personal.safeParse({ dateOfBirth: '1990-05-17' }).success).toBe(true);
    expect(personal.safeParse({ dateOfBirth: '' }).success).toBe(true);
    expect(personal.safeParse({ dateOfBirth: '2026-11-23' }).success).toBe(true);
    expect(firstIssue(personal.safeParse({ dateOfBirth: '2026-11-24' }))).toEqual({
      path: ['dateOfBirth'],
      message: 'Date of birth must not be in the future',
    });
    expect(personal.safeParse({ dateOfBirth: '1900-01-01' }).success).toBe(true);
    expect(dateOfBirthProblem('1899-12-31', today)).toBe('Date of birth must not be before 1900');
    expect(dateOfBirthProblem('1990-02-29', today)).toBe('Date of birth must be a date (YYYY-MM-DD)');
    expect(dateOfBirthProblem('17.05.1990', today)).toBe('Date of birth must be a date (YYYY-MM-DD)');
    expect(dateOfBirthProblem('1992-02-29', today)).toBeUndefined();
  });
});

describe('ISO dates', () => {
  it('writes local dates and knows which days exist', () => {
    expect(toIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(isRealIsoDate('2000-02-29')).toBe(true);
    expect(isRealIsoDate('1900-02-29')).toBe(false);
    expect(isRealIsoDate('2023-04-31')).toBe(false);
    expect(isRealIsoDate('0050-01-01')).toBe(true);
    expect(isRealIsoDate('2023-1-01')).toBe(false);
  });
});

describe('wizard draft', () => {
  const draft = wizardDraftSchema(clock);

  it('holds the step and both kinds of answers', () => {
    const body = { step: 3, personal: { firstName: 'Anna' }, answers: { cantonOfResidence: 'bern' } };
    expect(draft.parse(body)).toEqual(body);
    expect(draft.safeParse({ ...body, step: 11 }).success).toBe(true);
  });

  it('refuses a step outside 0–11, missing parts and unknown keys', () => {
    expect(firstIssue(draft.safeParse({ step: 12, personal: {}, answers: {} }))?.path).toEqual(['step']);
    expect(draft.safeParse({ step: -1, personal: {}, answers: {} }).success).toBe(false);
    expect(draft.safeParse({ step: 1.5, personal: {}, answers: {} }).success).toBe(false);
    expect(draft.safeParse({ step: 0, answers: {} }).success).toBe(false);
    expect(draft.safeParse({ step: 0, personal: {}, answers: {}, extra: 1 }).success).toBe(false);
    expect(firstIssue(draft.safeParse({ step: 0, personal: {}, answers: { zipCode: '12' } }))?.path).toEqual(['answers', 'zipCode']);
  });

  it('takes the version it was edited from, as a whole number the database can hold', () => {
    const body = { step: 0, personal: {}, answers: {} };
    expect(draft.parse({ ...body, version: 7 }).version).toBe(7);
    expect(firstIssue(draft.safeParse({ ...body, version: 2 ** 31 }))).toEqual({ path: ['version'], message: 'version is too large' });
    expect(draft.safeParse({ ...body, version: -1 }).success).toBe(false);
    expect(draft.safeParse({ ...body, version: '3' }).success).toBe(false);
  });
});
