import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETING_FEATURES } from '../../components/ui/marketing-features';

type Layout = 'grid' | 'list' | 'cards' | 'compact';

function LayoutSection({ layout, children }: { layout: Layout; children: ReactNode }) {
  const { t } = useTranslation('featuretest');
  return (
    <section aria-labelledby={`layout-${layout}`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`layout-${layout}`} className="text-lg font-semibold text-slate-900">
        {t(`layouts.${layout}`)}
      </h2>
      {children}
    </section>
  );
}

/** /featuretest (part 2 §2): the marketing feature list (part 1 §1, D11) in four static layouts. */
export function FeaturetestPage() {
  const { t } = useTranslation(['featuretest', 'common']);
  const text = (key: string) => t(`common:marketing.features.${key}`);
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="text-slate-700">{t('intro')}</p>
      </div>

      <LayoutSection layout="grid">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {MARKETING_FEATURES.map(({ key }) => (
            <li key={key} className="rounded-md bg-slate-50 p-4 text-slate-900">
              {text(key)}
            </li>
          ))}
        </ul>
      </LayoutSection>

      <LayoutSection layout="list">
        <ul className="space-y-2">
          {MARKETING_FEATURES.map(({ key }) => (
            <li key={key} className="flex items-start gap-2 text-slate-900">
              <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
              <span>{text(key)}</span>
            </li>
          ))}
        </ul>
      </LayoutSection>

      <LayoutSection layout="cards">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {MARKETING_FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 p-4 text-center shadow-sm">
              <span aria-hidden className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon className="size-6" />
              </span>
              <span className="text-sm font-medium text-slate-900">{text(key)}</span>
            </li>
          ))}
        </ul>
      </LayoutSection>

      <LayoutSection layout="compact">
        <ul className="flex flex-wrap gap-2">
          {MARKETING_FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900">
              <Icon aria-hidden className="size-4 shrink-0" />
              {text(key)}
            </li>
          ))}
        </ul>
      </LayoutSection>
    </div>
  );
}
