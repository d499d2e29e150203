/**
 * Header navigation (part 1 §2, part 2 §2): Cantons and Address Lookup for admins only
 * (`user.isAdmin`, decided by the server, D4); the header hides those from other users, and the
 * server refuses what an admin page asks for anyway, /admin included.
 */
export interface NavItem {
  to: string;
  /** Key in the common namespace. */
  labelKey: 'nav.home' | 'nav.profile' | 'nav.fileHistory' | 'nav.cantons' | 'nav.addressLookup' | 'nav.admin';
  adminOnly?: boolean;
  /** Also offered in the narrow-screen menu. */
  inMobileMenu?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.home', inMobileMenu: true },
  { to: '/cantons', labelKey: 'nav.cantons', adminOnly: true, inMobileMenu: true },
  { to: '/profile', labelKey: 'nav.profile', inMobileMenu: true },
  { to: '/address-demo', labelKey: 'nav.addressLookup', adminOnly: true, inMobileMenu: true },
  { to: '/file-history', labelKey: 'nav.fileHistory', inMobileMenu: true },
  { to: '/admin', labelKey: 'nav.admin', adminOnly: true, inMobileMenu: true },
];

export function visibleNavItems(isAdmin: boolean, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  return items.filter((item) => !item.adminOnly || isAdmin);
}
