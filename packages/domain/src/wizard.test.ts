import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  defaultDateOfBirth,
  firstIncompleteStep,
  firstMissingField,
  isStepValid,
  leaveStep,
  missingFieldMessage,
  missingFields,
  WIZARD_STEPS,
  wizardStepIndex,
  type WizardState,
} from './wizard.js';
import { WIZARD_STEP_COUNT } from './wizard-draft.js';
import { addChild, isAlimonyOffered, removeChild, setChildAge, setHasChildren, setPaysAlimony } from './wizard-answers.js';

const empty: WizardState = { personal: {}, answers: {} };
const personal = {
  salutation: 'mr',
  lastName: 'Muster',
  firstName: 'Hans',
  dateOfBirth: '1985-03-01',
  phone: '0791234567',
  jobName: 'Baker',
} as const;

describe('wizard steps', () => {
  it('has the 12 steps of part 2 §2 in order', () => {
    expect(WIZARD_STEPS.map((s) => s.id)).toEqual([
      'personal', 'canton', 'taxAddress', 'address', 'moved', 'firefighter',
      'maritalStatus', 'realEstate', 'children', 'advanced', 'pillar3a', 'employment',
    ]);
    expect(WIZARD_STEPS).toHaveLength(WIZARD_STEP_COUNT);
    expect(wizardStepIndex('children')).toBe(8);
  });

  it('names every missing field of a step, in its order (issue 28)', () => {
    expect(missingFields(0, empty)).toEqual(['salutation', 'lastName', 'firstName', 'dateOfBirth', 'religion', 'phone', 'jobName']);
    expect(missingFields(0, { personal: { ...personal, firstName: '  ', phone: '' }, answers: {} })).toEqual(['firstName', 'religion', 'phone']);
    expect(missingFields(3, { personal: {}, answers: { street: 'Seestrasse', city: 'Thalwil' } })).toEqual(['zipCode', 'gemeinde']);
    expect(missingFields(0, { personal, answers: { religion: 'reformed' } })).toEqual([]);
    expect(missingFields(2, empty)).toEqual([]);
    expect(missingFields(12, empty)).toEqual([]);
  });

  it('names the first missing field of step 1 in the order of §5', () => {
    expect(firstMissingField(0, empty)).toBe('salutation');
    expect(firstMissingField(0, { personal: { salutation: 'mrs' }, answers: {} })).toBe('lastName');
    expect(firstMissingField(0, { personal: { ...personal, firstName: '  ' }, answers: {} })).toBe('firstName');
    expect(firstMissingField(0, { personal, answers: {} })).toBe('religion');
    expect(firstMissingField(0, { personal: { ...personal, phone: '' }, answers: { religion: 'reformed' } })).toBe('phone');
    expect(firstMissingField(0, { personal, answers: { religion: 'reformed' } })).toBeNull();
    expect(isStepValid(0, { personal, answers: { religion: 'reformed' } })).toBe(true);
    expect(isStepValid(0, empty)).toBe(false);
  });

  it('requires the canton, the address, the marital status and the employment type on their steps', () => {
    expect(firstMissingField(1, empty)).toBe('cantonOfResidence');
    expect(firstMissingField(1, { personal: {}, answers: { cantonOfResidence: 'bern' } })).toBeNull();
    expect(firstMissingField(3, { personal: {}, answers: { street: 'Weg', zipCode: '3000', city: 'Bern' } })).toBe('gemeinde');
    expect(firstMissingField(3, { personal: {}, answers: { street: 'Weg', city: 'Bern', gemeinde: 'Bern' } })).toBe('zipCode');
    expect(firstMissingField(6, empty)).toBe('maritalStatus');
    expect(firstMissingField(11, empty)).toBe('employmentType');
    expect(firstMissingField(11, { personal: {}, answers: { employmentType: 'farmer' } })).toBeNull();
  });

  it('counts false as an answer on the real estate and children steps', () => {
    expect(firstMissingField(7, empty)).toBe('propertyOwner');
    expect(isStepValid(7, { personal: {}, answers: { propertyOwner: false } })).toBe(true);
    expect(firstMissingField(8, { personal: {}, answers: { hasChildren: null } })).toBe('hasChildren');
    expect(isStepValid(8, { personal: {}, answers: { hasChildren: false } })).toBe(true);
  });

  it('requires nothing on the other steps, nor outside 0–11', () => {
    for (const index of [2, 4, 5, 9, 10, -1, 12]) expect(firstMissingField(index, empty)).toBeNull();
  });

  it('gives the message of §5 for a missing field', () => {
    expect(missingFieldMessage('firstName')).toEqual({ key: 'profile.firstName_required', message: 'First name is required' });
    expect(missingFieldMessage('gemeinde').message).toBe('Gemeinde is required');
    expect(missingFieldMessage('employmentType').message).toBe('Please select your employment type');
  });
});

describe('leaving a step (§4)', () => {
  it('sets moved to no, property owner and children to false when unanswered', () => {
    expect(leaveStep(4, empty).answers.movedDuringYear).toBe('no');
    expect(leaveStep(7, empty).answers.propertyOwner).toBe(false);
    expect(leaveStep(8, empty).answers.hasChildren).toBe(false);
  });

  it('keeps answers that were given, and changes nothing on other steps', () => {
    const answered: WizardState = { personal: {}, answers: { movedDuringYear: 'yes', propertyOwner: true, hasChildren: true } };
    for (const index of [4, 7, 8]) expect(leaveStep(index, answered)).toBe(answered);
    for (const index of [0, 1, 3, 5, 6, 9, 10, 11]) expect(leaveStep(index, empty)).toEqual(empty);
  });

  it('step 3 left unanswered sends tax mail to the residence; a choice made stays (D19)', () => {
    expect(leaveStep(2, empty).answers).toEqual({ taxMailTo: 'residence' });
    const other: WizardState = { personal: {}, answers: { taxMailTo: 'other' } };
    expect(leaveStep(2, other)).toBe(other);
  });
});

describe('step 3, the tax mail address (D19)', () => {
  it('needs nothing for the residence, and street, zip code and city for another address', () => {
    expect(firstMissingField(2, empty)).toBeNull();
    expect(firstMissingField(2, { personal: {}, answers: { taxMailTo: 'residence' } })).toBeNull();
    const other: WizardState = { personal: {}, answers: { taxMailTo: 'other', taxMailStreet: 'Seestrasse', taxMailZipCode: ' ' } };
    expect(firstMissingField(2, other)).toBe('taxMailZipCode');
    expect(firstMissingField(2, { ...other, answers: { ...other.answers, taxMailZipCode: '8800', taxMailCity: 'Thalwil' } })).toBeNull();
  });

  it('names the first step Complete still waits for', () => {
    expect(firstIncompleteStep(empty)).toBe(0);
  });
});

describe('children (§4)', () => {
  it('turning children on gives one child aged 7; off clears count and ages', () => {
    const on = setHasChildren(empty, true);
    expect(on.answers).toEqual({ hasChildren: true, numberOfChildren: 1, childrenAges: [7] });
    expect(setHasChildren(addChild(on), true).answers.childrenAges).toEqual([7, 7]);
    expect(setHasChildren(addChild(on), false).answers).toEqual({ hasChildren: false, numberOfChildren: 0, childrenAges: [] });
  });

  it('adds children aged 7 and removes the last one, never the only one', () => {
    let state = setHasChildren(empty, true);
    state = setChildAge(state, 0, '3');
    state = addChild(state);
    expect(state.answers).toMatchObject({ numberOfChildren: 2, childrenAges: [3, 7] });
    state = removeChild(state);
    expect(state.answers).toMatchObject({ numberOfChildren: 1, childrenAges: [3] });
    expect(removeChild(state)).toBe(state);
    expect(addChild(empty)).toBe(empty);
  });

  it('stops adding at 20 children', () => {
    let state = setHasChildren(empty, true);
    for (let i = 0; i < 25; i++) state = addChild(state);
    expect(state.answers.numberOfChildren).toBe(20);
  });

  it('clamps ages to 0–18, empty and non-numbers to 0', () => {
    const state = setHasChildren(empty, true);
    const age = (raw: string | number) => setChildAge(state, 0, raw).answers.childrenAges?.[0];
    expect(age('12')).toBe(12);
    expect(age('25')).toBe(18);
    expect(age('-3')).toBe(0);
    expect(age('')).toBe(0);
    expect(age('abc')).toBe(0);
    expect(age(4.7)).toBe(4);
    expect(age(Number.NaN)).toBe(0);
    expect(setChildAge(state, 1, '5')).toBe(state);
  });

  it('keeps count and ages in step whatever the buttons pressed', () => {
    const action = fc.constantFrom('on', 'off', 'add', 'remove', 'age');
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), fc.integer({ min: -5, max: 30 }), (actions, rawAge) => {
        let state = empty;
        for (const a of actions) {
          if (a === 'on') state = setHasChildren(state, true);
          if (a === 'off') state = setHasChildren(state, false);
          if (a === 'add') state = addChild(state);
          if (a === 'remove') state = removeChild(state);
          if (a === 'age') state = setChildAge(state, 0, String(rawAge));
        }
        const ages = state.answers.childrenAges ?? [];
        expect(ages.length).toBe(state.answers.numberOfChildren ?? 0);
        expect(ages.every((x) => x >= 0 && x <= 18)).toBe(true);
        if (state.answers.hasChildren) expect(ages.length).toBeGreaterThanOrEqual(1);
        else expect(ages).toEqual([]);
      }),
    );
  });
});

describe('alimony', () => {
  it('turning alimony off clears amount and duration', () => {
    const paying = setPaysAlimony({ personal: {}, answers: { alimonyAmount: 900, alimonyDuration: '12' } }, true);
    expect(paying.answers).toEqual({ paysAlimony: true, alimonyAmount: 900, alimonyDuration: '12' });
    expect(setPaysAlimony(paying, false).answers).toEqual({ paysAlimony: false, alimonyAmount: null, alimonyDuration: null });
  });

  it('is offered only to divorced or separated people with children', () => {
    const with_ = (maritalStatus: 'divorced' | 'separated' | 'married' | 'individual', hasChildren: boolean) =>
      isAlimonyOffered({ personal: {}, answers: { maritalStatus, hasChildren } });
    expect(with_('divorced', true)).toBe(true);
    expect(with_('separated', true)).toBe(true);
    expect(with_('divorced', false)).toBe(false);
    expect(with_('married', true)).toBe(false);
    expect(with_('individual', true)).toBe(false);
  });
});

describe('default date of birth', () => {
  it('is today minus 24 years', () => {
    expect(defaultDateOfBirth(new Date(2026, 10, 23))).toBe('2002-11-23');
    expect(defaultDateOfBirth(new Date(2026, 0, 1))).toBe('2002-01-01');
    expect(defaultDateOfBirth(new Date(2028, 1, 29))).toBe('2004-02-29');
    expect(defaultDateOfBirth(new Date(2024, 1, 29))).toBe('2000-02-29');
    expect(defaultDateOfBirth(new Date(2025, 1, 28))).toBe('2001-02-28');
    // 2100 is no leap year: 29 February 2124 becomes 28 February 2100, not 1 March.
    expect(defaultDateOfBirth(new Date(2124, 1, 29))).toBe('2100-02-28');
  });
});
