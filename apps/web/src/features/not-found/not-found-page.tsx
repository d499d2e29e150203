import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';

/** Any path the router does not know. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <main id="main-content" className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <Logo className="size-14 text-brand-700" />
      <h1 className="text-2xl font-semibold text-slate-900">{t('notFound.title')}</h1>
      <p className="max-w-md text-slate-700">{t('notFound.body')}</p>
      <Link to="/" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
