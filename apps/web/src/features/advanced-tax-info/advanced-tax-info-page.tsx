import { ArrowLeft, LoaderCircle, Lock, Send } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ADVANCED_SECTIONS, advancedInfoTaxYears, taxYearInPreparation, visibleAdvancedTabs, type AdvancedSection } from '@taxli/domain';
import { FetchProblem } from '../../components/ui/fetch-problem';
import { toast } from '../../components/ui/toast-store';
import { useToday } from '../../lib/clock';
import { swissLocale } from '../../lib/swiss-locale';
import { useCurrentUser } from '../../lib/current-user';
import { useFiles } from '../../lib/documents';
import { useChecklist } from '../../lib/queries/checklist';
import { useAdvancedTaxInfo } from './api/get-advanced-tax-info';
import { useNumberOfChildren } from './api/get-number-of-children';
import { useProfileCanton } from './api/get-profile-canton';
import { useTabPreferences } from './api/get-tab-preferences';
import { useSetPreference, type PreferenceChange } from './api/set-preference';
import { AuthorizationTab } from './authorization-tab';
import { CategoryDocuments } from './category-documents';
import { ChildrenTab } from './children-tab';
import { CompletionHeader } from './completion-header';
import { OverviewTab } from './overview-tab';
import { notNeededCategories, type ScreenState } from './screen-state';
import { SpouseTab } from './spouse-tab';
import { Tabs } from './tab-list';
import { useSectionCompletion } from './use-section-completion';

type TabId = 'overview' | AdvancedSection['tab'];

function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-slate-800">
      <LoaderCircle aria-hidden className="size-5 animate-spin text-brand-700 motion-reduce:animate-none" />
      {label}
    </p>
  );
}

/**
 * Advanced Tax Information (part 2 §2–§5, D6): per tax year the section cards and toggles, the
 * tabs with their forms and document entries, and the section's completion, which transmit needs.
 * Everything is loaded up front; saves happen in the background.
 */
export function AdvancedTaxInfoPage() {
  const { t, i18n } = useTranslation(['advanced', 'common']);
  const today = useToday();
  const years = advancedInfoTaxYears(today);
  const [year, setYear] = useState(() => taxYearInPreparation(today));
  // ?tab=authorization: where the review page sends a person to enter the tax ID or the power of attorney.
  const [params] = useSearchParams();
  const [tab, setTab] = useState<TabId>(() => (params.get('tab') === 'authorization' ? 'authorization' : 'overview'));
  const user = useCurrentUser();
  const info = useAdvancedTaxInfo(year);
  const tabPreferences = useTabPreferences(year);
  const files = useFiles(year);
  const checklist = useChecklist(year);
  const completed = info.data?.completed === true;
  // After transmission the answers are read-only (D7): the experts work from them.
  const transmitted = info.data?.transmitted === true;
  const completion = useSectionCompletion(year, completed);
  const numberOfChildren = useNumberOfChildren(year, info.data !== undefined && info.data.children.length === 0);
  const needsProfileCanton = info.data !== undefined && !info.data.authorization?.canton;
  const profileCanton = useProfileCanton(year, needsProfileCanton);

  const preference = useSetPreference({
    onSaved: (change: PreferenceChange) => {
      if (/^\d+$/.test(change.key)) return;
      toast({ title: t('preference.savedTitle'), description: change.isRelevant ? t('preference.enabled') : t('preference.disabled'), variant: 'success', duration: 2000 });
    },
    onFailed: () => toast({ title: t('preference.failedTitle'), description: t('preference.failed'), variant: 'destructive' }),
  });

  const visibleTabs = visibleAdvancedTabs(tabPreferences.data?.preferences);
  const tabs: { id: TabId; label: string }[] = [
    { id: 'overview', label: t('tabs.overview') },
    ...ADVANCED_SECTIONS.filter((section) => visibleTabs.includes(section.tab)).map((section) => ({ id: section.tab, label: t(`tabs.${section.tab}`) })),
  ];
  const shownTab: TabId = tabs.some((candidate) => candidate.id === tab) ? tab : 'overview';

  const loading =
    !user.data || info.isPending || (info.data?.children.length === 0 && numberOfChildren.isPending) || (needsProfileCanton && profileCanton.isPending);

  // The page's forms are its largest render and come with the answers of queries, which React
  // renders at once in one task: deferred, they render in slices a phone's main thread can
  // interleave with input (docs/performance.md, "Lighthouse mobile"). Never ahead of the data.
  const formsShown = useDeferredValue(!loading);

  let content = null;
  if (info.isError) {
    content = <FetchProblem message={t('loadFailed')} onRetry={() => void info.refetch()} />;
  } else if (loading || !formsShown || !info.data || !user.data) {
    content = <Loading label={t('loading')} />;
  } else {
    const state: ScreenState = {
      userId: user.data.id,
      taxYear: year,
      info: info.data,
      files: files.data ?? [],
      notNeeded: notNeededCategories(checklist.data?.taxYear === year ? checklist.data : undefined),
      setPreference: (key, isRelevant) => preference.mutate({ taxYear: year, key, isRelevant }),
    };
    const section = ADVANCED_SECTIONS.find((s) => s.tab === shownTab);
    const locked = completed && !transmitted;
    const transmittedAt = info.data.transmittedAt;
    content = (
      <div className="relative space-y-4">
        {transmitted && (
          <div role="status" className="flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-slate-900">
            <Send aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <div className="space-y-1">
              <p className="font-semibold">{t('completion.transmittedTitle')}</p>
              <p>
                {transmittedAt
                  ? t('completion.transmittedOn', { date: new Date(transmittedAt).toLocaleDateString(swissLocale(i18n.language)) })
                  : t('completion.transmitted')}
              </p>
            </div>
          </div>
        )}
        {/* Locked when complete: nothing under the overlay can be clicked or focused (part 2 §2). */}
        <div inert={locked} className={locked ? 'pointer-events-none blur-sm select-none' : undefined}>
          <Tabs label={t('tabs.label')} tabs={tabs} selected={shownTab} onSelect={setTab}>
            {/* A year's forms start from that year's stored values; a transmitted year's show what the
                experts see (also when it was transmitted elsewhere while open) and can be read, not changed. */}
            <div key={`${year}:${transmitted}`} inert={transmitted}>
              {shownTab === 'overview' && <OverviewTab state={state} visibleTabs={visibleTabs} onOpen={setTab} />}
              {shownTab === 'authorization' && <AuthorizationTab state={state} profileCanton={profileCanton.data ?? null} />}
              {shownTab === 'spouse' && <SpouseTab state={state} />}
              {shownTab === 'children' && <ChildrenTab state={state} numberOfChildren={numberOfChildren.data ?? 0} />}
              {section && ['investments', 'deductions', 'property', 'foreign'].includes(section.tab) && (
                <div className="space-y-3">
                  <h2 className="text-lg font-semibold text-slate-900">{t(`sections.${section.id}.title`)}</h2>
                  <p className="text-slate-700">{t(`sections.${section.id}.description`)}</p>
                  <CategoryDocuments state={state} categoryIds={section.categoryIds} />
                </div>
              )}
            </div>
          </Tabs>
        </div>
        {locked && (
          <div className="absolute inset-0 z-20 flex items-start justify-center bg-white/40 p-6">
            <div role="status" className="sticky top-1/3 flex max-w-md flex-col items-center gap-2 rounded-lg bg-white p-6 text-center shadow-lg">
              <Lock aria-hidden className="size-8 text-brand-700" />
              <p className="text-lg font-semibold text-slate-900">{t('completion.lockedTitle')}</p>
              <p className="text-slate-700">{t('completion.lockedDescription')}</p>
            </div>
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <Link to="/" className="inline-flex min-h-10 items-center gap-2 rounded-md text-brand-700 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        {t('back')}
      </Link>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="text-slate-700">{t('intro')}</p>
      </div>
      <CompletionHeader
        years={years}
        year={year}
        onYearChange={setYear}
        completed={completed}
        switchOn={completion.switchOn}
        showFinish={completion.showFinish && !transmitted}
        saving={completion.saving}
        // Transmitted: the section cannot be reopened (the server refuses it too).
        disabled={!info.data || transmitted}
        onSwitch={completion.switchTo}
        onFinish={completion.finish}
      />
      {content}
    </div>
  );
}
