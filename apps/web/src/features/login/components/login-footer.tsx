import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToday } from '../../../lib/clock';
import { VersionButton } from './version-button';

const LEGAL_LINKS = [
  { to: '/terms-and-conditions', key: 'footer.terms' },
  { to: '/data-protection', key: 'footer.privacy' },
  { to: '/cookies', key: 'footer.cookies' },
] as const;

/** Legal pages, copyright and the version button with the change log. */
export function LoginFooter() {
  const { t } = useTranslation('login');
  const year = useToday().getFullYear();
  return (
    <footer className="relative border-t border-white/15 px-4 py-4 text-sm text-blue-100 sm:px-8">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3">
        <nav aria-label={t('footer.legalNav')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded text-white underline underline-offset-4 hover:text-blue-100 focus-visible:ring-2 focus-visible:ring-white"
                >
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3">
          <span>{t('footer.copyright', { year })}</span>
          <VersionButton />
        </div>
      </div>
    </footer>
  );
}
