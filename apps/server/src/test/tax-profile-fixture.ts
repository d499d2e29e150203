/**
 * Every field the wizard sends at its final submit (PUT /api/user/profile, part 2 §7), flat: a married
 * teacher in Zürich with one child. Shared by the API tests and the end-to-end specs that need a
 * person past status 1 without walking the wizard.
 */
export function wizardFinalSubmit(taxYear: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    salutation: 'mrs',
    firstName: 'Anna',
    lastName: 'Muster',
    name: 'Anna Muster',
    dateOfBirth: '1990-04-12',
    phone: '79 123 45 67',
    countryCode: '+41',
    jobName: 'Teacher',
    religion: 'reformed',
    cantonOfResidence: 'zurich',
    street: 'Bahnhofstrasse',
    houseNumber: '12a',
    zipCode: '8001',
    city: 'Zürich',
    gemeinde: 'Zürich',
    movedDuringYear: 'no',
    isFirefighter: false,
    maritalStatus: 'married',
    propertyOwner: false,
    hasChildren: true,
    numberOfChildren: 1,
    childrenAges: [7],
    hasInvestments: true,
    hasForeignIncome: false,
    employmentType: 'employed',
    hasPillar3a: true,
    isDisabled: false,
    isTaxProfileComplete: true,
    agreeToTerms: true,
    taxYear,
    ...overrides,
  };
}
