import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { returnToParam } from '../return-to-param';

/** Links to the privacy and cookie policies, which bring the user back here. */
export function LegalLinks({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('profile');
  const back = returnToParam(returnTo);
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
      <li>
        <Link to={`/data-protection-policy?${back}`} className="text-brand-700 underline">
          {t('legalLinks.privacy')}
        </Link>
      </li>
      <li>
        <Link to={`/cookie-policy?${back}`} className="text-brand-700 underline">
          {t('legalLinks.cookies')}
        </Link>
      </li>
    </ul>
  );
}
