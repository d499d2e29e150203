import { AlertCircle, CheckCircle2, Lock, Pencil } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { firstMissingField, WIZARD_STEP_IDS } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { summaryRows } from './summary-rows';
import type { TaxWizard } from './use-tax-wizard';

interface WizardSummaryProps {
  wizard: TaxWizard;
  year: number;
  headingRef: Ref<HTMLHeadingElement>;
  onEdit: () => void;
}

/**
 * Every answer before Complete, each step with a Change that opens it and comes back here (issue
 * 28). A completed year is shown to read, with Edit answers (which asks first); a transmitted one
 * only to read.
 */
export function WizardSummary({ wizard, year, headingRef, onEdit }: WizardSummaryProps) {
  const { t, i18n } = useTranslation('wizard');
  const context = { t, year, language: i18n.language };
  const anyIncomplete = WIZARD_STEP_IDS.some((_, index) => firstMissingField(index, wizard.state) !== null);
  return (
    <div className="space-y-5">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none focus-visible:outline-2 sm:text-2xl">
        {wizard.completed && !wizard.transmitted ? t('summary.completeTitle', { year }) : t('summary.title')}
      </h2>
      {wizard.transmitted ? (
        <div className="flex items-start gap-3 rounded-md border border-slate-300 bg-slate-50 p-4 text-slate-800">
          <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-700" />
          <div>
            <p className="font-medium">{t('summary.transmittedTitle')}</p>
            <p>{t('summary.transmittedText', { year })}</p>
          </div>
        </div>
      ) : wizard.completed ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-green-700 bg-green-50 p-4 text-green-900">
          <p className="flex items-start gap-2">
            <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0" />
            {t('summary.completeText')}
          </p>
          <Button variant="secondary" onClick={onEdit}>
            <Pencil aria-hidden className="size-4" />
            {t('summary.edit')}
          </Button>
        </div>
      ) : (
        <>
          <p className="text-slate-800">{t('summary.intro', { year })}</p>
          {anyIncomplete && (
            <p role="alert" className="flex items-start gap-2 rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
              <AlertCircle aria-hidden className="mt-0.5 size-5 shrink-0" />
              {t('summary.incomplete')}
            </p>
          )}
        </>
      )}
      <ol className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {WIZARD_STEP_IDS.map((stepId, index) => {
          const title = t(`steps.${stepId}.title`, { year });
          const incomplete = firstMissingField(index, wizard.state) !== null;
          return (
            <li key={stepId} className="space-y-2 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold text-slate-900">
                  <span className="block text-sm font-normal text-slate-600">{t('summary.stepNumber', { number: index + 1 })}</span>
                  {title}
                </h3>
                {!wizard.readOnly && (
                  <Button variant="secondary" onClick={() => wizard.change(index)} aria-label={t('summary.changeLabel', { step: title })}>
                    {t('summary.change')}
                  </Button>
                )}
              </div>
              {incomplete && !wizard.readOnly && (
                <p className="flex items-center gap-1 text-sm font-medium text-red-700">
                  <AlertCircle aria-hidden className="size-4" />
                  {t('summary.stepIncomplete')}
                </p>
              )}
              <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                {summaryRows(stepId, wizard.state, context).map((row) => (
                  <div key={row.label} className="contents">
                    <dt className="text-sm text-slate-600">{row.label}</dt>
                    <dd className={`mb-2 [overflow-wrap:anywhere] sm:mb-0 ${row.value === null ? 'text-slate-600 italic' : 'text-slate-900'}`}>
                      {row.value ?? t('summary.notAnswered')}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
