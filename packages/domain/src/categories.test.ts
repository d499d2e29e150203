import { describe, expect, it } from 'vitest';
import { DOCUMENT_CATEGORIES, findCategory, REQUIRED_CATEGORY_IDS, requiredChecklistPercent } from './categories.js';

describe('document categories (D3)', () => {
  it('has 37 categories with unique ids, the six required ones among them', () => {
    const ids = DOCUMENT_CATEGORIES.map((c) => c.id);
    expect(ids).toHaveLength(37);
    expect(new Set(ids).size).toBe(37);
    for (const id of REQUIRED_CATEGORY_IDS) expect(findCategory(id)?.section).toBe('required');
    expect(findCategory(39)?.section).toBe('authorization');
    expect(findCategory(6)).toBeUndefined();
  });

  it('counts the checklist from required categories only, rounded', () => {
    expect(requiredChecklistPercent([])).toBe(0);
    expect(requiredChecklistPercent([1, 5, 21])).toBe(50);
    expect(requiredChecklistPercent([1, 1, 2, 39, 40])).toBe(33);
    expect(requiredChecklistPercent([1, 2, 3, 4, 5, 21])).toBe(100);
  });
});
