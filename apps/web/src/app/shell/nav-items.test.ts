import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, visibleNavItems } from './nav-items';

describe('header navigation', () => {
  it('offers Home, Profile and File History to everyone', () => {
    expect(visibleNavItems(false).map((item) => item.to)).toEqual(['/', '/profile', '/file-history']);
  });

  it('adds Cantons, Address Lookup and Admin for admins (part 1 §2, part 2 §2), in the order of the narrow menu', () => {
    expect(visibleNavItems(true)).toEqual(NAV_ITEMS);
    expect(visibleNavItems(true).map((item) => item.to)).toEqual(['/', '/cantons', '/profile', '/address-demo', '/file-history', '/admin']);
    expect(NAV_ITEMS.filter((item) => item.adminOnly).map((item) => item.labelKey)).toEqual(['nav.cantons', 'nav.addressLookup', 'nav.admin']);
  });
});
