import { useTranslation } from 'react-i18next';
import { MARKETING_FEATURES } from '../../../components/ui/marketing-features';

export function FeatureList({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <section aria-labelledby="features-heading" className={className}>
      <h2 id="features-heading" className="text-lg font-semibold text-white">
        {t('marketing.heading')}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {MARKETING_FEATURES.map(({ key, icon: Icon }) => (
          <li key={key} className="flex items-start gap-3 rounded-lg bg-brand-900/70 p-3 text-sm text-white ring-1 ring-white/15">
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-blue-200" />
            <span>{t(`marketing.features.${key}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
