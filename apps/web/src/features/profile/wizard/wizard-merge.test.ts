import { describe, expect, it } from 'vitest';
import type { WizardState } from '@taxli/domain';
import { keepChangesOverNewer } from './wizard-merge';

const base: WizardState = {
  personal: { firstName: 'Anna', lastName: 'Muster', jobName: 'Engineer' },
  answers: { cantonOfResidence: 'zurich', city: 'Zurich', hasChildren: false },
};

describe('keepChangesOverNewer', () => {
  it("keeps what this tab changed and takes every other answer from the newer ones", () => {
    const mine: WizardState = { ...base, answers: { ...base.answers, cantonOfResidence: 'bern' } };
    const newer: WizardState = { personal: { ...base.personal, jobName: 'Architect' }, answers: { ...base.answers, city: 'Winterthur', movedDuringYear: 'yes' } };
    expect(keepChangesOverNewer(base, mine, newer)).toEqual({
      personal: { firstName: 'Anna', lastName: 'Muster', jobName: 'Architect' },
      answers: { cantonOfResidence: 'bern', city: 'Winterthur', hasChildren: false, movedDuringYear: 'yes' },
    });
  });

  it("keeps this tab's answer where both changed the same one, and an answer this tab cleared stays cleared", () => {
    const mine: WizardState = { personal: { firstName: 'Anna', lastName: 'Muster' }, answers: { ...base.answers, city: 'Bern' } };
    const newer: WizardState = { personal: { ...base.personal, jobName: 'Architect' }, answers: { ...base.answers, city: 'Thun' } };
    expect(keepChangesOverNewer(base, mine, newer)).toEqual({
      personal: { firstName: 'Anna', lastName: 'Muster' },
      answers: { cantonOfResidence: 'zurich', city: 'Bern', hasChildren: false },
    });
  });

  it("compares answers of any shape by what they say, the children's ages too", () => {
    const withChildren: WizardState = { ...base, answers: { ...base.answers, hasChildren: true, childrenAges: [4, 7] } };
    const newer: WizardState = { ...withChildren, answers: { ...withChildren.answers, city: 'Bern' } };
    const mine: WizardState = { ...withChildren, answers: { ...withChildren.answers, childrenAges: [5, 7] } };
    expect(keepChangesOverNewer(withChildren, mine, newer)?.answers).toMatchObject({ city: 'Bern', childrenAges: [5, 7] });
    const sameAges: WizardState = { ...withChildren, answers: { ...withChildren.answers, childrenAges: [4, 7] } };
    expect(keepChangesOverNewer(withChildren, sameAges, newer)).toBeNull();
  });

  it('is null when this tab changed nothing, or only what the newer answers say as well', () => {
    const newer: WizardState = { personal: { ...base.personal, lastName: 'Keller' }, answers: { ...base.answers, city: 'Bern' } };
    expect(keepChangesOverNewer(base, base, newer)).toBeNull();
    expect(keepChangesOverNewer(base, { ...base, answers: { ...base.answers, city: 'Bern' } }, newer)).toBeNull();
  });
});

describe('keepChangesOverNewer and the defaults of leaving a step', () => {
  const fresh: WizardState = { personal: { firstName: 'Anna' }, answers: { cantonOfResidence: 'zurich' } };

  it('lets an answer given elsewhere win over a default this tab set by leaving its step', () => {
    // This tab passed the address, moved, real-estate and children steps without answering; the
    // other tab answered them.
    const mine: WizardState = {
      personal: { firstName: 'Anna', jobName: 'Engineer' },
      answers: { cantonOfResidence: 'zurich', taxMailTo: 'residence', movedDuringYear: 'no', propertyOwner: false, hasChildren: false },
    };
    const newer: WizardState = {
      personal: { firstName: 'Anna' },
      answers: { cantonOfResidence: 'zurich', taxMailTo: 'other', movedDuringYear: 'yes', propertyOwner: true, hasChildren: true, childrenAges: [3] },
    };
    expect(keepChangesOverNewer(fresh, mine, newer)).toEqual({
      personal: { firstName: 'Anna', jobName: 'Engineer' },
      answers: { cantonOfResidence: 'zurich', taxMailTo: 'other', movedDuringYear: 'yes', propertyOwner: true, hasChildren: true, childrenAges: [3] },
    });
  });

  it('keeps the defaults where the newer answers give none, without counting them as its own', () => {
    const mine: WizardState = { personal: fresh.personal, answers: { ...fresh.answers, movedDuringYear: 'no', hasChildren: false, city: 'Bern' } };
    const newer: WizardState = { personal: fresh.personal, answers: { ...fresh.answers, propertyOwner: true } };
    expect(keepChangesOverNewer(fresh, mine, newer)?.answers).toEqual({ cantonOfResidence: 'zurich', movedDuringYear: 'no', hasChildren: false, city: 'Bern', propertyOwner: true });
    // Defaults alone are nothing of the person's: the newer answers are taken as they are.
    const onlyDefaults: WizardState = { personal: fresh.personal, answers: { ...fresh.answers, movedDuringYear: 'no' } };
    expect(keepChangesOverNewer(fresh, onlyDefaults, newer)).toBeNull();
  });

  it('reads an answer the server stored as null as none given', () => {
    const had: WizardState = { personal: fresh.personal, answers: { ...fresh.answers, movedDuringYear: null, propertyOwner: null } };
    const mine: WizardState = { personal: fresh.personal, answers: { ...had.answers, movedDuringYear: 'no', propertyOwner: false, city: 'Bern' } };
    const newer: WizardState = { personal: fresh.personal, answers: { ...had.answers, movedDuringYear: 'yes' } };
    expect(keepChangesOverNewer(had, mine, newer)?.answers).toEqual({ cantonOfResidence: 'zurich', movedDuringYear: 'yes', propertyOwner: false, city: 'Bern' });
  });

  it('keeps an answer this tab changed from one the server had, a "no" too', () => {
    const had: WizardState = { personal: fresh.personal, answers: { ...fresh.answers, movedDuringYear: 'yes', hasChildren: true } };
    const mine: WizardState = { personal: fresh.personal, answers: { ...had.answers, movedDuringYear: 'no' } };
    const newer: WizardState = { personal: fresh.personal, answers: { ...had.answers, hasChildren: false } };
    expect(keepChangesOverNewer(had, mine, newer)?.answers).toEqual({ cantonOfResidence: 'zurich', movedDuringYear: 'no', hasChildren: false });
  });
});
