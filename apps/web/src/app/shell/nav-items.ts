import { canActAsExpert, type Role } from '@taxli/domain';

/**
 * Header navigation (part 1 §2, part 2 §2): Cantons, Address Lookup and Admin for admins only, the
 * expert workspace for experts and admins (D18), each decided from the role the server gives the
 * user; the header hides them from other users, and the server refuses what such a page asks for
 * anyway (403).
 */
export interface NavItem {
  to: string;
  /** Key in the common namespace. */
  labelKey: 'nav.home' | 'nav.profile' | 'nav.fileHistory' | 'nav.cantons' | 'nav.addressLookup' | 'nav.expert' | 'nav.admin';
  /** Who besides everyone sees it: admins only, or experts and admins. */
  audience?: 'admin' | 'expert';
  /** Also offered in the narrow-screen menu. */
  inMobileMenu?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.home', inMobileMenu: true },
  { to: '/cantons', labelKey: 'nav.cantons', audience: 'admin', inMobileMenu: true },
  { to: '/profile', labelKey: 'nav.profile', inMobileMenu: true },
  { to: '/address-demo', labelKey: 'nav.addressLookup', audience: 'admin', inMobileMenu: true },
  { to: '/file-history', labelKey: 'nav.fileHistory', inMobileMenu: true },
  { to: '/expert', labelKey: 'nav.expert', audience: 'expert', inMobileMenu: true },
  { to: '/admin', labelKey: 'nav.admin', audience: 'admin', inMobileMenu: true },
];

export function visibleNavItems(role: Role, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  return items.filter((item) => {
    if (item.audience === 'admin') return role === 'admin';
    if (item.audience === 'expert') return canActAsExpert(role);
    return true;
  });
}
