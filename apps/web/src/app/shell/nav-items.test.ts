import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, visibleNavItems } from './nav-items';

describe('header navigation', () => {
  it('offers Home, Profile and File History to everyone', () => {
    expect(visibleNavItems('user').map((item) => item.to)).toEqual(['/', '/profile', '/file-history']);
  });

  it('adds the expert workspace for experts (D18), and nothing of the admin', () => {
    expect(visibleNavItems('expert').map((item) => item.to)).toEqual(['/', '/profile', '/file-history', '/expert']);
  });

  it('adds Cantons, Address Lookup, the expert workspace and Admin for admins (part 1 §2, part 2 §2, D18), in the order of the narrow menu', () => {
    expect(visibleNavItems('admin')).toEqual(NAV_ITEMS);
    expect(visibleNavItems('admin').map((item) => item.to)).toEqual(['/', '/cantons', '/profile', '/address-demo', '/file-history', '/expert', '/admin']);
    expect(NAV_ITEMS.filter((item) => item.audience === 'admin').map((item) => item.labelKey)).toEqual(['nav.cantons', 'nav.addressLookup', 'nav.admin']);
    expect(NAV_ITEMS.filter((item) => item.audience === 'expert').map((item) => item.labelKey)).toEqual(['nav.expert']);
  });
});
