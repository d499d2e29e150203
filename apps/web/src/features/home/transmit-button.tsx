import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, type Ref } from 'react';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { routes, type TaxStatusResponse } from '@taxli/domain';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { callApi } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { queryKeys } from '../../lib/query-keys';
import { takeTransmitAnnouncement } from '../../lib/transmit-announcement';

/**
 * Mark as Transmitted (part 1 §4, D1, D6): acts only at status 3 and once the year's Advanced Tax
 * Information section is complete, as the server records it (the dashboard reads the year's status
 * afresh when it opens); the server checks the same again.
 */
export function TransmitButton({ taxYear, status, ref }: { taxYear: number; status: TaxStatusResponse | undefined; ref?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  // The year travels with the call: a person who switches year while it runs must not get the
  // other year refreshed (the options of a running mutation follow the latest render).
  const transmit = useMutation({
    mutationFn: (year: number) => callApi(routes.transmit, { body: { taxYear: year } }),
    onSuccess: () => {
      toast({ title: t('transmit.success'), description: t('transmit.successDescription'), variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: t('transmit.failed'),
        description: errorText(t, error, t('transmit.unknown')),
        variant: 'destructive',
      });
    },
    onSettled: (_answer, _error, year) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(year) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.files(year) });
    },
  });
  const enabled = status?.current_status_id === 3 && status.advancedInfoCompleted;
  // Advanced Tax Information was finished on its own page: said here, once, when the server agrees.
  useEffect(() => {
    if (enabled && takeTransmitAnnouncement(taxYear)) {
      toast({ title: t('taxProfile.transmitEnabledTitle'), description: t('taxProfile.transmitEnabled'), variant: 'success' });
    }
  }, [enabled, taxYear, t]);
  const sending = transmit.isPending && transmit.variables === taxYear;
  return (
    <div className="space-y-1">
      <Button ref={ref} onClick={() => transmit.mutate(taxYear)} disabled={!enabled || transmit.isPending}>
        <Send aria-hidden className="size-4" />
        {sending ? t('transmit.sending') : t('transmit.button')}
      </Button>
      {!enabled && status && status.current_status_id <= 3 && (
        <p className="text-sm text-slate-700">{status.current_status_id === 3 ? t('transmit.needsAdvanced') : t('transmit.needsDocuments')}</p>
      )}
    </div>
  );
}
