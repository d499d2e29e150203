import { describe, expect, it } from 'vitest';
import { completeTaxProfileSchema } from './complete-tax-profile.js';

const complete = completeTaxProfileSchema(() => new Date(2026, 10, 23));

const personal = {
  salutation: 'mrs',
  firstName: 'Anna',
  lastName: 'Muster',
  dateOfBirth: '1990-05-17',
  phone: '079 123 45 67',
  jobName: 'Engineer',
};
const answers = {
  religion: 'other_none',
  cantonOfResidence: 'zurich',
  street: 'Bahnhofstrasse',
  zipCode: '8001',
  city: 'Zürich',
  gemeinde: 'Zürich',
  maritalStatus: 'married',
};

function issues(input: unknown) {
  return complete.safeParse(input).error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];
}

describe('complete tax profile (final submit)', () => {
  it('applies the defaults of part 2 §3 to what the wizard left empty', () => {
    const parsed = complete.parse({ personal, answers });
    expect(parsed.personal).toEqual({ ...personal, phone: '0791234567', countryCode: '+41' });
    expect(parsed.answers).toEqual({
      ...answers,
      houseNumber: null,
      // D19: a profile that never answered step 3 (an old draft) sends tax mail to the residence.
      taxMailTo: 'residence',
      taxMailCareOf: null,
      taxMailStreet: null,
      taxMailHouseNumber: null,
      taxMailZipCode: null,
      taxMailCity: null,
      movedDuringYear: 'no',
      isFirefighter: false,
      housingSituation: 'renter',
      propertyOwner: false,
      numberOfProperties: 0,
      propertyCountry: null,
      propertyUse: null,
      hasChildren: false,
      numberOfChildren: 0,
      childrenAges: [],
      hasInvestments: false,
      hasForeignIncome: false,
      isDisabled: false,
      receivesAHVIV: false,
      hasTaxIdentificationNumber: false,
      hasPowerOfAttorney: false,
      employmentType: 'employed',
      paysAlimony: false,
      alimonyAmount: 0,
      alimonyDuration: null,
      hasPillar3a: false,
      hasPension: false,
      taxationLevel: null,
      hasDonations: false,
      hasDeductions: false,
    });
  });

  it('takes another tax mail address only with street, Swiss zip code and city (D19)', () => {
    const other = { taxMailTo: 'other', taxMailCareOf: 'Treuhand Muster AG', taxMailStreet: 'Seestrasse', taxMailHouseNumber: '120', taxMailZipCode: '8800', taxMailCity: 'Thalwil' } as const;
    expect(complete.parse({ personal, answers: { ...answers, ...other } }).answers).toMatchObject(other);
    const missingCity = complete.safeParse({ personal, answers: { ...answers, ...other, taxMailCity: ' ' } });
    expect(missingCity.error?.issues.map((i) => i.path.join('.'))).toEqual(['answers.taxMailCity']);
    const foreignZip = complete.safeParse({ personal, answers: { ...answers, ...other, taxMailZipCode: '0123' } });
    expect(foreignZip.error?.issues.map((i) => i.path.join('.'))).toEqual(['answers.taxMailZipCode']);
  });

  it('drops another address typed and then given up for the residence (D19)', () => {
    const parsed = complete.parse({ personal, answers: { ...answers, taxMailTo: 'residence', taxMailStreet: 'Seestrasse', taxMailCity: 'Thalwil' } });
    expect(parsed.answers).toMatchObject({ taxMailTo: 'residence', taxMailStreet: null, taxMailCity: null });
  });

  it('treats null like missing for defaulted answers and keeps given ones', () => {
    const parsed = complete.parse({
      personal: { ...personal, countryCode: null },
      answers: { ...answers, housingSituation: null, employmentType: 'retired', movedDuringYear: 'yes', hasDonations: true },
    });
    expect(parsed.personal.countryCode).toBe('+41');
    expect(parsed.answers).toMatchObject({ housingSituation: 'renter', employmentType: 'retired', movedDuringYear: 'yes', hasDonations: true });
  });

  it.each([
    ['personal.salutation', 'Salutation is required'],
    ['personal.firstName', 'First name is required'],
    ['personal.lastName', 'Last name is required'],
    ['personal.dateOfBirth', 'Date of birth is required'],
    ['personal.phone', 'Phone number is required'],
    ['personal.jobName', 'Job is required'],
    ['answers.religion', 'Religion is required'],
    ['answers.cantonOfResidence', 'Canton of residence is required'],
    ['answers.street', 'Street is required'],
    ['answers.zipCode', 'Zip code is required'],
    ['answers.city', 'City is required'],
    ['answers.gemeinde', 'Gemeinde is required'],
    ['answers.maritalStatus', 'Marital status is required'],
  ])('requires %s', (path, message) => {
    const [group, field] = path.split('.') as ['personal' | 'answers', string];
    const input = { personal: { ...personal }, answers: { ...answers } } as Record<string, Record<string, unknown>>;
    delete input[group]![field];
    expect(issues(input)).toEqual([{ path, message }]);
  });

  it('refuses blank required text, a phone of fewer than 4 digits and a wrong canton or postcode', () => {
    expect(issues({ personal: { ...personal, firstName: '  ' }, answers })[0]?.path).toBe('personal.firstName');
    expect(issues({ personal: { ...personal, phone: '12 3' }, answers })[0]?.message).toBe('Phone number is required');
    expect(issues({ personal: { ...personal, dateOfBirth: '2030-01-01' }, answers })[0]?.message).toBe(
      'Date of birth must not be in the future',
    );
    expect(issues({ personal, answers: { ...answers, cantonOfResidence: 'atlantis' } })[0]?.path).toBe('answers.cantonOfResidence');
    expect(issues({ personal, answers: { ...answers, zipCode: '' } })[0]?.message).toBe('Zip code is required');
    expect(issues({ personal, answers: { ...answers, zipCode: '9999' } })[0]?.path).toBe('answers.zipCode');
  });

  it('requires one age per child when there are children', () => {
    const ok = { ...answers, hasChildren: true, numberOfChildren: 2, childrenAges: [3, 7] };
    expect(complete.safeParse({ personal, answers: ok }).success).toBe(true);
    expect(issues({ personal, answers: { ...ok, childrenAges: [3] } })).toEqual([
      { path: 'answers.childrenAges', message: 'One age per child is required (2)' },
    ]);
    expect(issues({ personal, answers: { ...ok, numberOfChildren: 0, childrenAges: [] } })[0]?.path).toBe('answers.numberOfChildren');
  });

  it('refuses children without the children answer', () => {
    expect(issues({ personal, answers: { ...answers, hasChildren: false, numberOfChildren: 1, childrenAges: [7] } })[0]?.path).toBe(
      'answers.numberOfChildren',
    );
    expect(issues({ personal, answers: { ...answers, childrenAges: [7] } })[0]?.path).toBe('answers.numberOfChildren');
  });

  it('takes alimony details only from someone who pays alimony', () => {
    const paying = { ...answers, maritalStatus: 'divorced', paysAlimony: true, alimonyAmount: 800, alimonyDuration: '12' };
    expect(complete.parse({ personal, answers: paying }).answers).toMatchObject({ alimonyAmount: 800, alimonyDuration: '12' });
    expect(issues({ personal, answers: { ...paying, paysAlimony: false } })[0]?.path).toBe('answers.alimonyAmount');
    expect(issues({ personal, answers: { ...paying, paysAlimony: false, alimonyAmount: null } })[0]?.path).toBe('answers.alimonyDuration');
    expect(complete.safeParse({ personal, answers: { ...answers, paysAlimony: false, alimonyAmount: 0, alimonyDuration: ' ' } }).success).toBe(true);
  });

  it('refuses unknown keys in both parts', () => {
    expect(complete.safeParse({ personal: { ...personal, email: 'a@b.ch' }, answers }).success).toBe(false);
    expect(complete.safeParse({ personal, answers: { ...answers, extra: true } }).success).toBe(false);
    expect(complete.safeParse({ personal, answers, step: 11 }).success).toBe(false);
  });
});
