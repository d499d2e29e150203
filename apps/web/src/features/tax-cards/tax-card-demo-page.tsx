import { ArrowRight, Info, Loader2, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { dashboardTaxYears, TAX_CARD_GROUPS, taxYearInPreparation, type TaxCategoryPreferencesResponse } from '@taxli/domain';
import { FetchProblem } from '../../components/ui/fetch-problem';
import { useToday } from '../../lib/clock';
import { useTaxCardPreferences } from './api/get-tax-card-preferences';
import { cardTexts } from './card-texts';
import { CardSection } from './card-section';

function SummaryFigure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-slate-50 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** Active sections, enabled cards, completeness and priority cards, then up to three recommendations. */
function Summary({ data }: { data: TaxCategoryPreferencesResponse }) {
  const { t } = useTranslation('taxcards');
  const enabled = data.cards.filter((card) => card.isEnabled);
  const activeSections = TAX_CARD_GROUPS.filter((group) => enabled.some((card) => card.group === group.id)).length;
  return (
    <section aria-labelledby="tax-cards-summary" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="tax-cards-summary" className="text-lg font-semibold text-slate-900">
        {t('summary.heading')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryFigure label={t('summary.activeSections')} value={`${activeSections}/${TAX_CARD_GROUPS.length}`} />
        <SummaryFigure label={t('summary.enabledCards')} value={`${enabled.length}/${data.cards.length}`} />
        <SummaryFigure label={t('summary.completeness')} value={`${data.completeness}%`} />
        <SummaryFigure label={t('summary.priorityCards')} value={String(data.priorityCards.length)} />
      </dl>
      <div className="space-y-2">
        <h3 className="font-semibold text-slate-900">{t('priority.heading')}</h3>
        {data.priorityCards.length === 0 ? (
          <p className="text-sm text-slate-700">{t('priority.none')}</p>
        ) : (
          <ol className="space-y-2">
            {data.priorityCards.slice(0, 3).map((card) => {
              const texts = cardTexts(t, card);
              return (
                <li key={card.id} className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
                  <Star aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{texts.title}</span>
                    <span className="block text-sm text-slate-700">{texts.reason}</span>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}

/**
 * /tax-card-demo (part 2 §2): the tax cards of a year's stored tax profile (GET
 * /api/tax-category-preferences), a summary with the priority recommendations, and one collapsible
 * section per card group. The year is the one in preparation, or one of the dashboard's (?year=).
 */
export function TaxCardDemoPage() {
  const { t } = useTranslation('taxcards');
  const today = useToday();
  const [params, setParams] = useSearchParams();
  const years = dashboardTaxYears(today);
  const requested = Number(params.get('year'));
  const year = years.includes(requested) ? requested : taxYearInPreparation(today);
  const query = useTaxCardPreferences(year);
  const data = query.data?.taxYear === year ? query.data : undefined;

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="text-slate-700">{t('intro')}</p>
        <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
          {t('year')}
          <select
            value={year}
            onChange={(event) => setParams({ year: event.target.value }, { replace: true })}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900"
          >
            {years.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </label>
      </div>

      {query.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Loader2 aria-hidden className="size-5 animate-spin text-brand-600" />
          {t('loading')}
        </p>
      )}
      {query.isError && <FetchProblem message={t('loadFailed')} onRetry={() => void query.refetch()} />}

      {data && (
        <>
          {!data.isTaxProfileComplete && (
            <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
              <Info aria-hidden className="size-5 shrink-0" />
              <p className="min-w-[14rem] flex-1">{t('incomplete', { year })}</p>
              <Link
                to="/profile?setup=tax"
                className="inline-flex min-h-10 items-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-900"
              >
                {t('completeProfile')}
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            </div>
          )}
          <Summary data={data} />
          <section aria-labelledby="tax-card-sections" className="space-y-3">
            <h2 id="tax-card-sections" className="text-lg font-semibold text-slate-900">
              {t('sections.heading')}
            </h2>
            {/* Keyed by year: another year's sections start open or closed by its own cards. */}
            <div key={year} className="space-y-3">
              {TAX_CARD_GROUPS.map((group) => (
                <CardSection
                  key={group.id}
                  group={group.id}
                  fallbackTitle={group.title}
                  cards={data.cards.filter((card) => card.group === group.id)}
                />
              ))}
            </div>
          </section>
        </>
      )}
    </div>
  );
}
