import {
  personalAnswersSchema,
  taxProfileAnswers,
  wizardStepIndex,
  type Clock,
  type WizardField,
  type WizardState,
  type WizardStepId,
} from '@taxli/domain';

/** The step that asks each field, so that a server's complaint about a field opens that step. */
const FIELD_STEP: Record<WizardField, WizardStepId> = {
  salutation: 'personal',
  firstName: 'personal',
  lastName: 'personal',
  dateOfBirth: 'personal',
  phone: 'personal',
  countryCode: 'personal',
  jobName: 'personal',
  religion: 'personal',
  cantonOfResidence: 'canton',
  taxMailTo: 'taxAddress',
  taxMailCareOf: 'taxAddress',
  taxMailStreet: 'taxAddress',
  taxMailHouseNumber: 'taxAddress',
  taxMailZipCode: 'taxAddress',
  taxMailCity: 'taxAddress',
  street: 'address',
  houseNumber: 'address',
  zipCode: 'address',
  city: 'address',
  gemeinde: 'address',
  housingSituation: 'address',
  movedDuringYear: 'moved',
  isFirefighter: 'firefighter',
  maritalStatus: 'maritalStatus',
  propertyOwner: 'realEstate',
  numberOfProperties: 'realEstate',
  propertyCountry: 'realEstate',
  propertyUse: 'realEstate',
  hasChildren: 'children',
  numberOfChildren: 'children',
  childrenAges: 'children',
  hasInvestments: 'advanced',
  hasForeignIncome: 'advanced',
  paysAlimony: 'advanced',
  alimonyAmount: 'advanced',
  alimonyDuration: 'advanced',
  hasPillar3a: 'pillar3a',
  employmentType: 'employment',
  hasPension: 'employment',
  receivesAHVIV: 'employment',
  isDisabled: 'employment',
  // Not asked by the wizard (Advanced Tax Information and the final submit set them).
  hasTaxIdentificationNumber: 'employment',
  hasPowerOfAttorney: 'employment',
  taxationLevel: 'employment',
  hasDonations: 'employment',
  hasDeductions: 'employment',
};

/** The field a server error names ('childrenAges.0' → 'childrenAges'), when it is a wizard field. */
export function wizardFieldOf(path: string | undefined): WizardField | null {
  const head = path?.split('.')[0];
  return head && head in FIELD_STEP ? (head as WizardField) : null;
}

export function stepOfField(field: WizardField): number {
  return wizardStepIndex(FIELD_STEP[field]);
}

/** Fields whose format has its own translated message (wizard:errors.{field}_invalid). */
const FORMAT_MESSAGES = new Set<WizardField>(['zipCode', 'taxMailZipCode', 'dateOfBirth', 'phone', 'alimonyAmount', 'numberOfProperties', 'childrenAges']);

/**
 * Format problems of the answers so far (the draft schemas: a zip code that is not Swiss, a date
 * of birth in the future …), as translation keys of the wizard namespace per field.
 */
export function formatProblems(state: WizardState, clock: Clock): Partial<Record<WizardField, string>> {
  const problems: Partial<Record<WizardField, string>> = {};
  const issues = [
    ...(personalAnswersSchema(clock).safeParse(state.personal).error?.issues ?? []),
    ...(taxProfileAnswers.safeParse(state.answers).error?.issues ?? []),
  ];
  // The final submit needs at least 4 digits (complete-tax-profile.ts); say so on step 1 already.
  const phoneDigits = (state.personal.phone ?? '').replace(/\D/g, '').length;
  if (phoneDigits > 0 && phoneDigits < 4) problems.phone = 'errors.phone_invalid';
  for (const issue of issues) {
    const field = wizardFieldOf(issue.path.map(String).join('.'));
    if (!field || problems[field]) continue;
    problems[field] = FORMAT_MESSAGES.has(field) ? `errors.${field}_invalid` : 'errors.invalid';
  }
  return problems;
}
