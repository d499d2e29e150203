import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, visibleNavItems, type NavItem } from './nav-items';

describe('header navigation', () => {
  it('offers Home, Profile and File History to everyone', () => {
    expect(visibleNavItems(false).map((item) => item.to)).toEqual(['/', '/profile', '/file-history']);
    expect(visibleNavItems(true)).toEqual(NAV_ITEMS);
  });

  it('shows admin-only entries to admins only', () => {
    const items: NavItem[] = [...NAV_ITEMS, { to: '/admin', labelKey: 'nav.home', adminOnly: true }];
    expect(visibleNavItems(false, items).map((item) => item.to)).not.toContain('/admin');
    expect(visibleNavItems(true, items).map((item) => item.to)).toContain('/admin');
  });
});
