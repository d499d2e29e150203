/**
 * Header navigation. Later pages (Cantons, Address Lookup and Admin, the last three for admins
 * only) add an entry here with `adminOnly: true`; the header hides those from other users.
 */
export interface NavItem {
  to: string;
  /** Key in the common namespace. */
  labelKey: 'nav.home' | 'nav.profile' | 'nav.fileHistory';
  adminOnly?: boolean;
  /** Also offered in the narrow-screen menu. */
  inMobileMenu?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.home', inMobileMenu: true },
  { to: '/profile', labelKey: 'nav.profile', inMobileMenu: true },
  { to: '/file-history', labelKey: 'nav.fileHistory', inMobileMenu: true },
];

export function visibleNavItems(isAdmin: boolean, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  return items.filter((item) => !item.adminOnly || isAdmin);
}
