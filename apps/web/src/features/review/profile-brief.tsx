import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { taxProfileQuery } from '../../lib/queries/tax-profile';

/** The year's tax profile in brief: who, where, and the answers that shape the return. */
export function ProfileBrief({ taxYear }: { taxYear: number }) {
  const { t } = useTranslation(['dashboard', 'wizard']);
  const profile = useQuery(taxProfileQuery(taxYear));
  const data = profile.data;
  const answers = data?.answers;
  const rows: [string, string][] = [];
  if (data) {
    const name = [data.personal.firstName, data.personal.lastName].filter(Boolean).join(' ');
    if (name) rows.push([t('review.name'), name]);
    const place = [answers?.zipCode, answers?.city].filter(Boolean).join(' ');
    if (place) rows.push([t('review.residence'), place]);
    if (answers?.maritalStatus) rows.push([t('wizard:fields.maritalStatus'), t(`wizard:options.maritalStatus.${answers.maritalStatus}`)]);
    if (answers?.employmentType) rows.push([t('wizard:fields.employmentType'), t(`wizard:options.employmentType.${answers.employmentType}`)]);
    if (answers?.hasChildren) rows.push([t('review.children'), String(answers.numberOfChildren ?? '')]);
  }
  return (
    <section aria-labelledby="review-profile-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="review-profile-heading" className="text-lg font-semibold text-slate-900">
        {t('review.profileHeading')}
      </h2>
      {data && !data.isComplete && <p className="text-sm text-amber-900">{t('review.profileIncomplete', { year: taxYear })}</p>}
      {rows.length > 0 && (
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd className="mb-2 break-words text-slate-900 sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
