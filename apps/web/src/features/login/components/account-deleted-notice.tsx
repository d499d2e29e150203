import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetErasureNotice, readErasureNotice } from '../../../lib/account-deleted-notice';

/** After "Delete my account": the login page says it is done, and what stays until when (issue 30). */
export function AccountDeletedNotice() {
  const { t, i18n } = useTranslation('login');
  const [notice] = useState(readErasureNotice);
  useEffect(() => forgetErasureNotice(), []);
  if (!notice) return null;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language === 'gsw' ? 'de-CH' : i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  return (
    <div role="status" className="rounded-lg bg-white p-4 text-slate-900 shadow">
      <p className="font-semibold">{t('page.accountDeleted')}</p>
      {notice.retained.length > 0 && (
        <>
          <p className="mt-2 text-sm">{t('page.accountDeletedRetained')}</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {notice.retained.map((year) => (
              <li key={year.taxYear}>{t('page.accountDeletedYear', { year: year.taxYear, date: date(year.retainedUntil) })}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
