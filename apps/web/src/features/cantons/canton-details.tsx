import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Canton } from '@taxli/domain';
import { CoatOfArms } from './coat-of-arms';

export interface ShownCanton {
  code: string;
  name: string;
  imagePath: string;
  /** The domain's canton (tax ID format); absent for a code the domain does not know. */
  canton?: Canton;
}

/** The chosen canton: name, code and the format of its tax ID (part 2 §5), announced politely. */
export const CantonDetails = forwardRef<HTMLElement, { shown: ShownCanton | undefined }>(function CantonDetails({ shown }, ref) {
  const { t } = useTranslation('cantons');
  return (
    <section
      ref={ref}
      aria-labelledby="canton-details-heading"
      aria-live="polite"
      className="scroll-mt-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="canton-details-heading" className="text-lg font-semibold text-slate-900">
        {t('details.heading')}
      </h2>
      {shown ? (
        <div className="mt-4 flex items-start gap-4">
          <CoatOfArms key={shown.code} name={shown.name} imagePath={shown.imagePath} decorative className="h-24 w-20 shrink-0 text-2xl" />
          <dl className="min-w-0 space-y-2 text-sm">
            <div>
              <dt className="text-slate-600">{t('details.name')}</dt>
              <dd className="text-base font-semibold break-words text-slate-900">{shown.name}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('details.code')}</dt>
              <dd className="font-mono text-slate-900">{shown.code}</dd>
            </div>
            {shown.canton && (
              <div>
                <dt className="text-slate-600">{t('details.taxIdFormat')}</dt>
                <dd className="text-slate-900">
                  <span className="font-mono">{shown.canton.tin.format}</span> ({t('details.digits', { n: shown.canton.tin.digits })})
                </dd>
                <dd className="text-slate-700">
                  {t('details.example')}: <span className="font-mono">{shown.canton.tin.placeholder}</span>
                </dd>
              </div>
            )}
          </dl>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{t('details.none')}</p>
      )}
    </section>
  );
});
