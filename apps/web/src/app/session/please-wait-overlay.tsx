import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Blocks the page while the app is on its way to the login page. */
export function PleaseWaitOverlay() {
  const { t } = useTranslation('common');
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/60" role="status" aria-live="polite">
      <div className="flex items-center gap-3 rounded-lg bg-white px-6 py-4 text-base font-medium text-slate-900 shadow-lg">
        <Loader2 aria-hidden className="size-5 animate-spin text-brand-600" />
        {t('session.pleaseWait')}
      </div>
    </div>
  );
}
