import { useEffect, type Ref } from 'react';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TaxStatusResponse } from '@taxli/domain';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { takeTransmitAnnouncement } from '../../lib/transmit-announcement';

/**
 * Mark as Transmitted (part 1 §4, D1, D6, D19): at status 3 with the year's Advanced Tax
 * Information section complete, it opens the review page, where the person sees what is sent and
 * what still blocks, confirms, and transmits; the server checks the same again.
 */
export function TransmitButton({ taxYear, status, ref }: { taxYear: number; status: TaxStatusResponse | undefined; ref?: Ref<HTMLAnchorElement & HTMLButtonElement> }) {
  const { t } = useTranslation('dashboard');
  const enabled = status?.current_status_id === 3 && status.advancedInfoCompleted;
  // Advanced Tax Information was finished on its own page: said here, once, when the server agrees.
  useEffect(() => {
    if (enabled && takeTransmitAnnouncement(taxYear)) {
      toast({ title: t('taxProfile.transmitEnabledTitle'), description: t('taxProfile.transmitEnabled'), variant: 'success' });
    }
  }, [enabled, taxYear, t]);
  return (
    <div className="space-y-1">
      {enabled ? (
        <Link
          ref={ref}
          to={`/review?year=${taxYear}`}
          className="inline-flex min-h-10 items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          <Send aria-hidden className="size-4" />
          {t('transmit.button')}
        </Link>
      ) : (
        <Button ref={ref} disabled>
          <Send aria-hidden className="size-4" />
          {t('transmit.button')}
        </Button>
      )}
      {!enabled && status && status.current_status_id <= 3 && (
        <p className="text-sm text-slate-700">{status.current_status_id === 3 ? t('transmit.needsAdvanced') : t('transmit.needsDocuments')}</p>
      )}
    </div>
  );
}
