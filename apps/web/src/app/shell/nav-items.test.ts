import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, visibleNavItems, type NavItem } from './nav-items';

describe('header navigation', () => {
  it('offers Home, Profile and File History to everyone', () => {
    expect(visibleNavItems(false).map((item) => item.to)).toEqual(['/', '/profile', '/file-history']);
  });

  it('adds Cantons and Address Lookup for admins (part 1 §2), in the order of the narrow menu', () => {
    expect(visibleNavItems(true)).toEqual(NAV_ITEMS);
    expect(visibleNavItems(true).map((item) => item.to)).toEqual(['/', '/cantons', '/profile', '/address-demo', '/file-history']);
    expect(NAV_ITEMS.filter((item) => item.adminOnly).map((item) => item.labelKey)).toEqual(['nav.cantons', 'nav.addressLookup']);
  });

  it('shows admin-only entries to admins only', () => {
    const items: NavItem[] = [...NAV_ITEMS, { to: '/admin', labelKey: 'nav.home', adminOnly: true }];
    expect(visibleNavItems(false, items).map((item) => item.to)).not.toContain('/admin');
    expect(visibleNavItems(true, items).map((item) => item.to)).toContain('/admin');
  });
});
