import { Send } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaxStatusResponse } from '@taxli/domain';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from './server-message';
import { useTransmitTaxYear } from './api/transmit-tax-year';
import { useTransmitEvents } from './use-transmit-events';

/**
 * Part 1 §4 with D6: transmit acts only at status 3 and when it is enabled, which is the server's
 * record that the year's Advanced Tax Information section is complete. The server checks both again.
 */
export function isTransmitEnabled(statusId: number, response: Pick<TaxStatusResponse, 'advancedInfoCompleted'> | undefined): boolean {
  return statusId === 3 && response?.advancedInfoCompleted === true;
}

interface TransmitButtonProps {
  taxYear: number;
  statusId: number;
  response: TaxStatusResponse | undefined;
}

/** 'Mark as Transmitted', with why it cannot act yet; gone once the year is transmitted. */
export function TransmitButton({ taxYear, statusId, response }: TransmitButtonProps) {
  const { t } = useTranslation('dashboard');
  const hintId = useId();
  const transmit = useTransmitTaxYear(taxYear);
  useTransmitEvents(taxYear, () => toast({ title: t('transmit.enabledTitle'), description: t('transmit.enabled'), variant: 'success' }));
  if (statusId >= 4) return null;

  const enabled = isTransmitEnabled(statusId, response);
  const send = () => {
    if (!enabled || transmit.isPending) return;
    transmit.mutate(undefined, {
      onSuccess: () => toast({ title: t('transmit.success'), description: t('transmit.successDescription'), variant: 'success' }),
      onError: (error) =>
        toast({
          title: t('transmit.failed'),
          description: serverMessage(error) ?? t('transmit.unknown'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <div className="space-y-1">
      <Button onClick={send} disabled={!enabled || transmit.isPending} aria-describedby={enabled ? undefined : hintId}>
        <Send aria-hidden className="size-4" />
        {transmit.isPending ? t('transmit.sending') : t('transmit.button')}
      </Button>
      {!enabled && (
        <p id={hintId} className="text-sm text-slate-700">
          {statusId === 3 ? t('transmit.needsAdvanced') : t('transmit.needsDocuments')}
        </p>
      )}
    </div>
  );
}
