import { FolderTree, Languages, Lock, ScanSearch, ShieldCheck, Smartphone, TrendingUp, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The product's promises (part 1 §1), in the order the spec lists them. */
const FEATURES: ReadonlyArray<{ key: string; icon: LucideIcon }> = [
  { key: 'aiRecognition', icon: ScanSearch },
  { key: 'encryptedStorage', icon: Lock },
  { key: 'multilingual', icon: Languages },
  { key: 'dataProtection', icon: ShieldCheck },
  { key: 'mobile', icon: Smartphone },
  { key: 'organisation', icon: FolderTree },
  { key: 'refunds', icon: TrendingUp },
];

export function FeatureList({ className }: { className?: string }) {
  const { t } = useTranslation('login');
  return (
    <section aria-labelledby="features-heading" className={className}>
      <h2 id="features-heading" className="text-lg font-semibold text-white">
        {t('page.featuresHeading')}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {FEATURES.map(({ key, icon: Icon }) => (
          <li key={key} className="flex items-start gap-3 rounded-lg bg-brand-900/70 p-3 text-sm text-white ring-1 ring-white/15">
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-blue-200" />
            <span>{t(`features.${key}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
