import { LogOut } from 'lucide-react';
import type { Role } from '@taxli/domain';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { LanguageSelect } from '../../components/ui/language-select';
import { Logo } from '../../components/ui/logo';
import { useLogout } from '../session/api/logout';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { MobileMenu } from './mobile-menu';
import { visibleNavItems } from './nav-items';

/**
 * Where the header goes inline: from md with the three pages everyone has; an expert's four (the
 * expert workspace added) need lg, an admin's seven (Cantons, Address Lookup, the expert workspace
 * and Admin) xl. Whole class names, so that Tailwind finds them.
 */
const INLINE_FROM = {
  md: { inline: 'md:flex', menu: 'md:hidden' },
  lg: { inline: 'lg:flex', menu: 'lg:hidden' },
  xl: { inline: 'xl:flex', menu: 'xl:hidden' },
} as const;

const breakpointFor = (itemCount: number) => (itemCount > 5 ? 'xl' : itemCount > 3 ? 'lg' : 'md');

/** Logo (to /), the pages, the language and Logout: inline on wide screens, in one menu below. */
export function AppHeader({ role }: { role: Role }) {
  const { t } = useTranslation('common');
  const logout = useLogout();
  const items = visibleNavItems(role);
  const breakpoint = INLINE_FROM[breakpointFor(items.length)];
  return (
    // Above the dashboard's loading overlay (z-30): a page still loading never keeps a person from
    // leaving it. The session's Please Wait overlay (z-40, later in the page) still covers it.
    <header className="relative z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2">
        <Link to="/" className="flex items-center gap-2 rounded-md">
          <Logo className="size-10 text-brand-700" />
        </Link>
        <nav aria-label={t('nav.label')} className={cn('hidden items-center gap-1', breakpoint.inline)}>
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex min-h-10 items-center rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                  isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                )
              }
            >
              {t(item.labelKey)}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-1">
          <NotificationBell />
          {/* Wrapped: the primitives are inline-flex themselves, and clsx does not resolve class conflicts. */}
          <div className={cn('hidden items-center gap-1', breakpoint.inline)}>
            <LanguageSelect className="text-slate-800" />
            <Button variant="ghost" disabled={logout.isPending} onClick={() => logout.mutate()}>
              <LogOut aria-hidden className="size-4" />
              {t('actions.logout')}
            </Button>
          </div>
          <MobileMenu className={breakpoint.menu} items={items} onLogout={() => logout.mutate()} logoutPending={logout.isPending} />
        </div>
      </div>
    </header>
  );
}
