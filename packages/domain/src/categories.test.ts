import { describe, expect, it } from 'vitest';
import { DOCUMENT_CATEGORIES, findCategory, REQUIRED_CATEGORY_IDS } from './categories.js';

describe('document categories (D3)', () => {
  it('has 37 categories with unique ids, the six required ones among them', () => {
    const ids = DOCUMENT_CATEGORIES.map((c) => c.id);
    expect(ids).toHaveLength(37);
    expect(new Set(ids).size).toBe(37);
    for (const id of REQUIRED_CATEGORY_IDS) expect(findCategory(id)?.section).toBe('required');
    expect(findCategory(39)?.section).toBe('authorization');
    expect(findCategory(6)).toBeUndefined();
  });
});
