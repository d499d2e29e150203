import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TaxStatusResponse, TransmitResponse } from '@taxli/domain';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { api } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { queryKeys } from '../../lib/query-keys';

/**
 * Mark as Transmitted (part 1 §4, D1, D6): acts only at status 3 and once the year's Advanced Tax
 * Information section is complete, as the server records it; the server checks the same again.
 */
export function TransmitButton({ taxYear, status }: { taxYear: number; status: TaxStatusResponse | undefined }) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const transmit = useMutation({
    mutationFn: () => api.post<TransmitResponse>('/api/tax-year-status/transmit', { taxYear }),
    onSuccess: () => {
      toast({ title: t('transmit.success'), description: t('transmit.successDescription'), variant: 'success' });
      window.dispatchEvent(new CustomEvent('taxStatusUpdated', { detail: { taxYear } }));
    },
    onError: (error) => {
      toast({
        title: t('transmit.failed'),
        description: errorText(t, error, t('transmit.unknown')),
        variant: 'destructive',
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(taxYear) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.files(taxYear) });
    },
  });
  // The Advanced Tax Information screen announces its Finish/undo with window events (part 1 §4);
  // the server's flag stays the truth, so each event re-reads it.
  useEffect(() => {
    const reread = () => void queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(taxYear) });
    const enabledNow = () => {
      toast({ title: t('taxProfile.transmitEnabledTitle'), description: t('taxProfile.transmitEnabled'), variant: 'success' });
      reread();
    };
    const others = ['disableTransmitFiles', 'toggle', 'taxStatusUpdated'];
    window.addEventListener('enableTransmitFiles', enabledNow);
    for (const name of others) window.addEventListener(name, reread);
    return () => {
      window.removeEventListener('enableTransmitFiles', enabledNow);
      for (const name of others) window.removeEventListener(name, reread);
    };
  }, [queryClient, taxYear, t]);
  const enabled = status?.current_status_id === 3 && status.advancedInfoCompleted;
  return (
    <div className="space-y-1">
      <Button onClick={() => transmit.mutate()} disabled={!enabled || transmit.isPending}>
        <Send aria-hidden className="size-4" />
        {transmit.isPending ? t('transmit.sending') : t('transmit.button')}
      </Button>
      {!enabled && status && status.current_status_id <= 3 && (
        <p className="text-sm text-slate-700">{status.current_status_id === 3 ? t('transmit.needsAdvanced') : t('transmit.needsDocuments')}</p>
      )}
    </div>
  );
}
