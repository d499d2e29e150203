import { DEFAULT_COUNTRY_CODE, digitsOnly, type CountryCode } from './phone.js';
import type { PersonalAnswers } from './personal-answers.js';
import type { TaxProfileAnswers } from './tax-profile.js';
import type {
  EmploymentType,
  HousingSituation,
  MaritalStatus,
  Moved,
  PropertyUse,
  Religion,
  Salutation,
} from './tax-profile-enums.js';

/**
 * The tax declaration built on the wizard's final submit (part 2 §3): the answers grouped as the
 * experts read them, every empty value replaced by its default.
 */
export const DECLARATION_PROFILE_VERSION = '1.0';

/** The tax address as the user record carries it (api/user.ts); street and city are what the builder sets. */
export interface TaxAddress {
  street: string | null;
  houseNumber?: string | null | undefined;
  zipCode?: string | null | undefined;
  city: string | null;
  gemeinde?: string | null | undefined;
}

export interface TaxDeclaration {
  personalInfo: {
    salutation: Salutation;
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    religion: Religion;
    phone: string;
    countryCode: CountryCode;
    jobName: string;
    taxAddress?: TaxAddress | null | undefined;
  };
  location: {
    cantonOfResidence: string;
    street: string;
    /** Not in the spec's list, which had it inside the street; kept apart as the wizard stores it (optional for the spec's clients). */
    houseNumber?: string | undefined;
    zipCode: string;
    city: string;
    gemeinde: string;
    movedDuringYear: Moved;
    housingSituation: HousingSituation;
  };
  personalStatus: { isFirefighter: boolean; maritalStatus: MaritalStatus };
  realEstate: { propertyOwner: boolean; numberOfProperties: number; propertyCountry: string; propertyUse: PropertyUse | null };
  children: { hasChildren: boolean; numberOfChildren: number; childrenAges: number[] };
  taxFeatures: {
    hasInvestments: boolean;
    hasForeignIncome: boolean;
    isDisabled: boolean;
    receivesAHVIV: boolean;
    hasTaxIdentificationNumber: boolean;
    hasPowerOfAttorney: boolean;
  };
  employment: { employmentType: EmploymentType; hasPillar3a: boolean; hasPension: boolean };
  alimony: { paysAlimony: boolean; alimonyAmount: number; alimonyDuration: string };
  metadata: {
    submitDate: string;
    userId: number;
    taxYear: number;
    profileVersion: typeof DECLARATION_PROFILE_VERSION;
    completionStatus: 'complete';
    dataValidated: true;
  };
}

export interface TaxDeclarationInput {
  userId: number;
  taxYear: number;
  submitDate: Date;
  personal: PersonalAnswers;
  answers: TaxProfileAnswers;
  taxAddress?: TaxAddress | null;
}

const text = (value: string | null | undefined): string => (value ?? '').trim();
const bool = (value: boolean | null | undefined): boolean => value ?? false;
const num = (value: number | null | undefined): number => value ?? 0;

export function buildTaxDeclaration({ userId, taxYear, submitDate, personal: p, answers: a, taxAddress }: TaxDeclarationInput): TaxDeclaration {
  return {
    personalInfo: {
      salutation: p.salutation ?? 'mr',
      firstName: text(p.firstName),
      lastName: text(p.lastName),
      dateOfBirth: text(p.dateOfBirth),
      religion: a.religion ?? 'other_none',
      phone: digitsOnly(p.phone ?? ''),
      countryCode: p.countryCode ?? DEFAULT_COUNTRY_CODE,
      jobName: text(p.jobName),
      taxAddress: taxAddress ?? null,
    },
    location: {
      cantonOfResidence: text(a.cantonOfResidence),
      street: text(a.street),
      houseNumber: text(a.houseNumber),
      zipCode: text(a.zipCode),
      city: text(a.city),
      gemeinde: text(a.gemeinde),
      movedDuringYear: a.movedDuringYear ?? 'no',
      housingSituation: a.housingSituation ?? 'renter',
    },
    personalStatus: { isFirefighter: bool(a.isFirefighter), maritalStatus: a.maritalStatus ?? 'individual' },
    realEstate: {
      propertyOwner: bool(a.propertyOwner),
      numberOfProperties: num(a.numberOfProperties),
      propertyCountry: text(a.propertyCountry),
      propertyUse: a.propertyUse ?? null,
    },
    children: { hasChildren: bool(a.hasChildren), numberOfChildren: num(a.numberOfChildren), childrenAges: [...(a.childrenAges ?? [])] },
    taxFeatures: {
      hasInvestments: bool(a.hasInvestments),
      hasForeignIncome: bool(a.hasForeignIncome),
      isDisabled: bool(a.isDisabled),
      receivesAHVIV: bool(a.receivesAHVIV),
      hasTaxIdentificationNumber: bool(a.hasTaxIdentificationNumber),
      hasPowerOfAttorney: bool(a.hasPowerOfAttorney),
    },
    employment: { employmentType: a.employmentType ?? 'employed', hasPillar3a: bool(a.hasPillar3a), hasPension: bool(a.hasPension) },
    alimony: { paysAlimony: bool(a.paysAlimony), alimonyAmount: num(a.alimonyAmount), alimonyDuration: text(a.alimonyDuration) },
    metadata: {
      submitDate: submitDate.toISOString(),
      userId,
      taxYear,
      profileVersion: DECLARATION_PROFILE_VERSION,
      completionStatus: 'complete',
      dataValidated: true,
    },
  };
}

/** `tax_declaration_{userId}_{YYYY-MM-DD}.json`, the date in UTC like the submitDate beside it. */
export function declarationFileName(userId: number, date: Date): string {
  return `tax_declaration_${userId}_${date.toISOString().slice(0, 10)}.json`;
}
