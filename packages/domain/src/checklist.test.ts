import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHECKLIST_CATEGORY_IDS, checklistFor, checklistPercent, openChecklistItems, ruledOutCategoryIds, type ChecklistItem } from './checklist.js';
import { findCategory, REQUIRED_CATEGORY_IDS } from './categories.js';
import { EMPLOYMENT_TYPES, MARITAL_STATUSES } from './tax-profile-enums.js';
import type { TaxProfileAnswers } from './tax-profile.js';

const ids = (items: ChecklistItem[]) => items.map((item) => item.categoryId);
const reasonOf = (items: ChecklistItem[], categoryId: number) => items.find((item) => item.categoryId === categoryId)?.reason;

/** A single employed renter with no children, investments, property or foreign income. */
const plain: TaxProfileAnswers = {
  maritalStatus: 'individual',
  employmentType: 'employed',
  hasChildren: false,
  propertyOwner: false,
  hasInvestments: false,
  hasForeignIncome: false,
  hasPillar3a: false,
  hasDonations: false,
  hasDeductions: false,
  paysAlimony: false,
};

describe('checklistFor (D19)', () => {
  it('is D3’s six, each with the "no profile" reason, without a completed tax profile', () => {
    const items = checklistFor(null);
    expect(ids(items)).toEqual([...REQUIRED_CATEGORY_IDS]);
    expect(items.every((item) => item.reason.key === 'noProfile')).toBe(true);
  });

  it('gives an employed single person the six base categories and nothing more', () => {
    const items = checklistFor(plain);
    expect(ids(items).sort((a, b) => a - b)).toEqual([...REQUIRED_CATEGORY_IDS].sort((a, b) => a - b));
    expect(reasonOf(items, 5)).toEqual({ key: 'employed', params: {} });
    expect(reasonOf(items, 1)).toEqual({ key: 'everyone', params: {} });
    // hasDeductions is never asked (the final submit sends false): receipts stay.
    expect(reasonOf(items, 4)).toEqual({ key: 'everyone', params: {} });
  });

  it('asks no salary statement, professional expenses or transport of people who are not employed', () => {
    for (const employmentType of ['self-employed', 'farmer', 'retired', 'unemployed'] as const) {
      const list = ids(checklistFor({ ...plain, employmentType }));
      expect(list).not.toContain(5);
      expect(list).not.toContain(3);
      expect(list).not.toContain(21);
      expect(list).toEqual(expect.arrayContaining([1, 2, 4]));
    }
    expect(ids(checklistFor({ ...plain, employmentType: 'mixed' }))).toEqual(expect.arrayContaining([5, 3, 21]));
  });

  it('keeps a base category when its question was not answered, with the general reason', () => {
    const items = checklistFor({});
    expect(ids(items).sort((a, b) => a - b)).toEqual([...REQUIRED_CATEGORY_IDS].sort((a, b) => a - b));
    expect(reasonOf(items, 5)).toEqual({ key: 'everyone', params: {} });
  });

  it('adds the spouse’s salary statement and bank documents when married, and nothing of a spouse otherwise', () => {
    const items = checklistFor({ ...plain, maritalStatus: 'married' });
    expect(ids(items)).toEqual(expect.arrayContaining([30, 26]));
    expect(reasonOf(items, 30)).toEqual({ key: 'married', params: {} });
    for (const maritalStatus of MARITAL_STATUSES.filter((s) => s !== 'married')) {
      const list = ids(checklistFor({ ...plain, maritalStatus }));
      expect(list.filter((id) => findCategory(id)?.section === 'spouse')).toEqual([]);
    }
  });

  it('adds children’s documents with their number, and childcare only for children under 14', () => {
    const two = checklistFor({ ...plain, hasChildren: true, numberOfChildren: 2, childrenAges: [4, 16] });
    expect(reasonOf(two, 31)).toEqual({ key: 'children', params: { count: 2 } });
    expect(reasonOf(two, 32)).toEqual({ key: 'youngChildren', params: { count: 1, age: 14 } });
    const teenagers = checklistFor({ ...plain, hasChildren: true, numberOfChildren: 2, childrenAges: [14, 17] });
    expect(ids(teenagers)).toContain(31);
    expect(ids(teenagers)).not.toContain(32);
    expect(ids(checklistFor({ ...plain, hasChildren: false }))).not.toContain(31);
  });

  it('adds alimony, Pillar 3a, securities, property, rent and foreign income from their answers', () => {
    const items = checklistFor({
      ...plain,
      maritalStatus: 'divorced',
      hasChildren: true,
      numberOfChildren: 1,
      childrenAges: [10],
      paysAlimony: true,
      hasPillar3a: true,
      hasInvestments: true,
      propertyOwner: true,
      propertyUse: 'rented',
      hasForeignIncome: true,
    });
    expect(ids(items)).toEqual(expect.arrayContaining([35, 22, 10, 11, 13, 14, 16, 17]));
    expect(reasonOf(items, 22)?.key).toBe('pillar3a');
    expect(reasonOf(items, 10)?.key).toBe('investments');
    expect(reasonOf(items, 16)?.key).toBe('rentedProperty');
    expect(reasonOf(items, 17)?.key).toBe('foreignIncome');
    expect(ids(checklistFor({ ...plain, propertyOwner: true, propertyUse: 'owner-occupied' }))).not.toContain(16);
  });

  it('lists each category at most once, only categories that exist, and only those CHECKLIST_CATEGORY_IDS names (any answers)', () => {
    const answers = fc.record(
      {
        maritalStatus: fc.constantFrom(...MARITAL_STATUSES, null),
        employmentType: fc.constantFrom(...EMPLOYMENT_TYPES, null),
        hasChildren: fc.boolean(),
        childrenAges: fc.array(fc.integer({ min: 0, max: 18 }), { maxLength: 5 }),
        propertyOwner: fc.boolean(),
        propertyUse: fc.constantFrom('owner-occupied' as const, 'rented' as const, null),
        hasInvestments: fc.boolean(),
        hasForeignIncome: fc.boolean(),
        hasPillar3a: fc.boolean(),
        hasDonations: fc.boolean(),
        hasDeductions: fc.option(fc.boolean()),
        paysAlimony: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(answers, (a) => {
        const list = ids(checklistFor(a));
        expect(new Set(list).size).toBe(list.length);
        for (const id of list) {
          expect(findCategory(id)).toBeDefined();
          expect(CHECKLIST_CATEGORY_IDS).toContain(id);
        }
        // Ruled out and on the list never overlap, and together they are every checklist category.
        const out = ruledOutCategoryIds(a);
        expect(out.filter((id) => list.includes(id))).toEqual([]);
        expect([...out, ...list].sort((x, y) => x - y)).toEqual([...CHECKLIST_CATEGORY_IDS].sort((x, y) => x - y));
      }),
    );
  });
});

describe('ruledOutCategoryIds', () => {
  it('rules out nothing without a completed profile', () => {
    expect(ruledOutCategoryIds(null)).toEqual([]);
  });

  it('rules out what the answers say does not apply, never what they do not ask about', () => {
    const out = ruledOutCategoryIds({ ...plain, employmentType: 'retired' });
    expect(out).toEqual(expect.arrayContaining([5, 3, 21, 30, 26, 31, 22, 10, 13, 17]));
    expect(out).not.toContain(1);
    expect(out).not.toContain(24); // medical costs: no question asks about them
  });
});

describe('openChecklistItems and checklistPercent', () => {
  const married = { ...plain, maritalStatus: 'married' as const };

  it('counts an item done when it has a file or is marked not applicable', () => {
    const input = { answers: married, categoryIdsWithFiles: [1, 2, 3, 39], notApplicableCategoryIds: [26] };
    expect(ids(openChecklistItems(input))).toEqual([5, 21, 4, 30]);
    expect(checklistPercent(input)).toBe(50);
  });

  it('is 100 % with nothing open, and marks outside the list change nothing', () => {
    const input = { answers: plain, categoryIdsWithFiles: [1, 2, 3, 4, 5], notApplicableCategoryIds: [21, 30] };
    expect(openChecklistItems(input)).toEqual([]);
    expect(checklistPercent(input)).toBe(100);
    expect(checklistPercent({ answers: plain, categoryIdsWithFiles: [], notApplicableCategoryIds: [30, 31] })).toBe(0);
  });

  it('counts D3’s six without a profile, rounded as before', () => {
    expect(checklistPercent({ answers: null, categoryIdsWithFiles: [1, 1, 2, 39, 40], notApplicableCategoryIds: [] })).toBe(33);
    expect(checklistPercent({ answers: null, categoryIdsWithFiles: [1, 5], notApplicableCategoryIds: [21] })).toBe(50);
  });
});
