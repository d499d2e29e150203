import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { returnToParam } from '../return-to-param';

/** Where the terms link comes back to: the first-time profile. */
const TERMS_LINK = `/terms-and-conditions?${returnToParam('/profile?firstTime=true')}`;

interface TermsAcceptanceProps {
  accepted: boolean;
  onChange: (checked: boolean) => void;
}

/** First-time mode: the liability statement and the terms checkbox. */
export function TermsAcceptance({ accepted, onChange }: TermsAcceptanceProps) {
  const { t } = useTranslation('profile');
  return (
    <div className="space-y-4">
      <section aria-labelledby="liability-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
        <h2 id="liability-heading" className="text-base font-semibold text-slate-900">
          {t('liability.title')}
        </h2>
        <p className="mt-2 text-sm text-slate-800">{t('liability.body')}</p>
        <p className="mt-2 text-sm text-slate-800">{t('liability.premium')}</p>
      </section>
      <div className="flex items-start gap-3">
        <input
          id="accept-terms"
          type="checkbox"
          checked={accepted}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-1 size-5 shrink-0 accent-brand-600"
        />
        <label htmlFor="accept-terms" className="text-sm text-slate-800">
          <Trans
            t={t}
            i18nKey="terms.accept"
            components={{ termsLink: <Link to={TERMS_LINK} className="font-medium text-brand-700 underline" /> }}
          />
        </label>
      </div>
    </div>
  );
}
