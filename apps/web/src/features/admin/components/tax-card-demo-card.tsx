import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminCard } from './admin-card';

/** Part 2 §2: a link card to /tax-card-demo. */
export function TaxCardDemoCard() {
  const { t } = useTranslation('admin');
  return (
    <AdminCard title={t('taxCardDemo.heading')} description={t('taxCardDemo.body')}>
      <Link
        to="/tax-card-demo"
        className="inline-flex min-h-10 items-center gap-2 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        {t('taxCardDemo.link')}
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </AdminCard>
  );
}
