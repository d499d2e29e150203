import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What a signed-in person sees on a page their role does not open (part 2 §2's Access Denied of
 * /admin, and the expert workspace of issue 27): `reason` says who the area is for. The server's
 * 403 is what protects the data; this only tells the person where they are.
 */
export function AccessDenied({ reason }: { reason: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-lg border border-red-200 bg-white p-6 text-center shadow-sm">
      <ShieldAlert aria-hidden className="mx-auto size-10 text-red-700" />
      <h1 className="text-2xl font-semibold text-slate-900">{t('accessDenied.title')}</h1>
      <p className="text-slate-700">
        <strong>{t('accessDenied.heading')}:</strong> {reason}
      </p>
      <Link to="/" className="inline-block font-medium text-brand-700 underline">
        {t('accessDenied.home')}
      </Link>
    </div>
  );
}
