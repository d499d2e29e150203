import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { buildTaxDeclaration, declarationFileName, type TaxDeclaration } from './declaration.js';
import { saveDeclarationBodySchema, taxDeclarationSchemaFor } from './declaration-schema.js';

const clock = () => new Date(2026, 10, 23, 12);
const schema = taxDeclarationSchemaFor(clock);
const submitDate = new Date('2026-11-23T10:15:00.000Z');

const full = buildTaxDeclaration({
  userId: 42,
  taxYear: 2025,
  submitDate,
  personal: { salutation: 'mrs', firstName: ' Anna ', lastName: 'Muster', dateOfBirth: '1990-05-17', phone: '079 123 45 67', countryCode: '+49', jobName: 'Nurse' },
  answers: {
    religion: 'roman_catholic', cantonOfResidence: 'waadt', street: 'Rue du Lac', houseNumber: '3', zipCode: '1003',
    city: 'Lausanne', gemeinde: 'Lausanne', movedDuringYear: 'yes', housingSituation: 'owner', isFirefighter: true,
    maritalStatus: 'divorced', propertyOwner: true, numberOfProperties: 2, propertyCountry: 'Switzerland', propertyUse: 'rented',
    hasChildren: true, numberOfChildren: 2, childrenAges: [4, 9], hasInvestments: true, hasForeignIncome: true, isDisabled: false,
    receivesAHVIV: true, hasTaxIdentificationNumber: true, hasPowerOfAttorney: true, employmentType: 'mixed', hasPillar3a: true,
    hasPension: true, paysAlimony: true, alimonyAmount: 1200, alimonyDuration: '36', taxationLevel: 'federal',
  },
  taxAddress: { street: 'Rue du Lac 3', city: 'Lausanne' },
});

describe('tax declaration', () => {
  it('groups the answers as part 2 §3 lists them', () => {
    expect(full.personalInfo).toEqual({
      salutation: 'mrs', firstName: 'Anna', lastName: 'Muster', dateOfBirth: '1990-05-17', religion: 'roman_catholic',
      phone: '0791234567', countryCode: '+49', jobName: 'Nurse', taxAddress: { street: 'Rue du Lac 3', city: 'Lausanne' },
    });
    expect(full.location).toMatchObject({ cantonOfResidence: 'waadt', houseNumber: '3', movedDuringYear: 'yes', housingSituation: 'owner' });
    expect(full.personalStatus).toEqual({ isFirefighter: true, maritalStatus: 'divorced' });
    expect(full.children).toEqual({ hasChildren: true, numberOfChildren: 2, childrenAges: [4, 9] });
    expect(full.employment).toEqual({ employmentType: 'mixed', hasPillar3a: true, hasPension: true });
    expect(full.alimony).toEqual({ paysAlimony: true, alimonyAmount: 1200, alimonyDuration: '36' });
    expect(full.metadata).toEqual({
      submitDate: '2026-11-23T10:15:00.000Z', userId: 42, taxYear: 2025, profileVersion: '1.0', completionStatus: 'complete', dataValidated: true,
    });
  });

  it('fills empty values with the defaults of §3', () => {
    const empty = buildTaxDeclaration({ userId: 7, taxYear: 2025, submitDate, personal: {}, answers: { maritalStatus: null } });
    expect(empty.personalInfo).toEqual({
      salutation: 'mr', firstName: '', lastName: '', dateOfBirth: '', religion: 'other_none', phone: '', countryCode: '+41', jobName: '', taxAddress: null,
    });
    expect(empty.location).toMatchObject({ movedDuringYear: 'no', housingSituation: 'renter', cantonOfResidence: '' });
    expect(empty.personalStatus).toEqual({ isFirefighter: false, maritalStatus: 'individual' });
    expect(empty.realEstate).toEqual({ propertyOwner: false, numberOfProperties: 0, propertyCountry: '', propertyUse: null });
    expect(empty.children).toEqual({ hasChildren: false, numberOfChildren: 0, childrenAges: [] });
    expect(Object.values(empty.taxFeatures).every((v) => v === false)).toBe(true);
    expect(empty.employment).toEqual({ employmentType: 'employed', hasPillar3a: false, hasPension: false });
    expect(empty.alimony).toEqual({ paysAlimony: false, alimonyAmount: 0, alimonyDuration: '' });
  });

  it('round-trips through the schema, full and empty', () => {
    expect(schema.parse(full)).toEqual(full);
    const empty = buildTaxDeclaration({ userId: 7, taxYear: 2025, submitDate, personal: {}, answers: {} });
    expect(schema.parse(JSON.parse(JSON.stringify(empty)))).toEqual(empty);
    expectTypeOf<z.output<typeof schema>>().toEqualTypeOf<TaxDeclaration>();
  });

  it('names the field of a bad payload', () => {
    const path = (payload: unknown) => schema.safeParse(payload).error?.issues[0]?.path.join('.');
    expect(path({ ...full, children: { ...full.children, childrenAges: [4, 19] } })).toBe('children.childrenAges.1');
    expect(path({ ...full, location: { ...full.location, zipCode: '123' } })).toBe('location.zipCode');
    expect(path({ ...full, location: { ...full.location, cantonOfResidence: 'Vaud' } })).toBe('location.cantonOfResidence');
    expect(path({ ...full, personalInfo: { ...full.personalInfo, phone: '+41 79' } })).toBe('personalInfo.phone');
    expect(path({ ...full, personalInfo: { ...full.personalInfo, firstName: 'A\u001bB' } })).toBe('personalInfo.firstName');
    expect(path({ ...full, personalInfo: { ...full.personalInfo, dateOfBirth: '2027-01-01' } })).toBe('personalInfo.dateOfBirth');
    expect(path({ ...full, metadata: { ...full.metadata, dataValidated: false } })).toBe('metadata.dataValidated');
    expect(path({ ...full, metadata: { ...full.metadata, userId: 0 } })).toBe('metadata.userId');
    expect(path({ ...full, employment: { ...full.employment, employmentType: 'boss' } })).toBe('employment.employmentType');
    expect(path({ ...full, extra: {} })).toBe('');
    expect(schema.safeParse({ ...full, extra: {} }).error?.issues[0]?.code).toBe('unrecognized_keys');
    const { alimony: _alimony, ...withoutAlimony } = full;
    expect(path(withoutAlimony)).toBe('alimony');
  });

  it('names the file after the user and the UTC day', () => {
    expect(declarationFileName(42, submitDate)).toBe('tax_declaration_42_2026-11-23.json');
    expect(declarationFileName(1, new Date('2026-01-05T23:30:00Z'))).toBe('tax_declaration_1_2026-01-05.json');
  });

  it('takes the save body with a file name of that pattern only', () => {
    const body = saveDeclarationBodySchema(clock);
    expect(body.safeParse({ taxData: full, filename: declarationFileName(42, submitDate) }).success).toBe(true);
    expect(body.safeParse({ taxData: full, filename: '../etc/passwd' }).error?.issues[0]?.path).toEqual(['filename']);
    expect(body.safeParse({ taxData: full, filename: 'tax_declaration_42_2026-11-23.json.exe' }).success).toBe(false);
    expect(body.safeParse({ taxData: {}, filename: 'tax_declaration_42_2026-11-23.json' }).success).toBe(false);
  });
});
