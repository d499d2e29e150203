import { CheckCircle2, CircleAlert, CircleOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ADVANCED_SECTIONS, type AdvancedSection } from '@taxli/domain';
import { missingCategories, sectionEnabled, sectionFileCount, type ScreenState } from './screen-state';
import { SectionCards } from './section-cards';

interface OverviewTabProps {
  state: ScreenState;
  visibleTabs: AdvancedSection['tab'][];
  onOpen: (tab: AdvancedSection['tab']) => void;
}

/** The features grid and a summary of every section: on or off, its files, what is still missing. */
export function OverviewTab({ state, visibleTabs, onOpen }: OverviewTabProps) {
  const { t } = useTranslation(['advanced', 'categories']);
  return (
    <div className="space-y-8">
      <SectionCards state={state} visibleTabs={visibleTabs} onOpen={onOpen} />
      <section aria-labelledby="advanced-summary" className="space-y-3">
        <h2 id="advanced-summary" className="text-lg font-semibold text-slate-900">
          {t('overview.heading', { year: state.taxYear })}
        </h2>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {ADVANCED_SECTIONS.map((section) => {
            const enabled = sectionEnabled(state.info, section);
            const missing = enabled ? missingCategories(state, section) : [];
            return (
              <li key={section.id} className="space-y-1 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="flex items-center gap-2 font-medium text-slate-900">
                    {!enabled ? (
                      <CircleOff aria-hidden className="size-4 text-slate-500" />
                    ) : missing.length === 0 ? (
                      <CheckCircle2 aria-hidden className="size-4 text-green-700" />
                    ) : (
                      <CircleAlert aria-hidden className="size-4 text-amber-700" />
                    )}
                    {t(`sections.${section.id}.title`)}
                  </h3>
                  <span className="text-sm text-slate-700">
                    {enabled ? t('overview.enabled') : t('overview.disabled')} · {t('cards.files', { count: sectionFileCount(state.info, section) })}
                  </span>
                </div>
                {enabled &&
                  (missing.length === 0 ? (
                    <p className="text-sm text-slate-700">{t('overview.nothingMissing')}</p>
                  ) : (
                    <p className="text-sm text-slate-800">
                      {t('overview.missing', { categories: missing.map((id) => t(`categories:names.${id}`)).join(', ') })}
                    </p>
                  ))}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
