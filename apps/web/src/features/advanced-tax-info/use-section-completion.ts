import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast-store';
import { announceTransmitEnabled, withdrawTransmitAnnouncement } from '../../lib/transmit-announcement';
import { useSetCompletion } from './api/set-completion';

/**
 * The Section Complete switch, Finish Section and the completed flag (part 2 §4 Section completion):
 * switching on only arms Finish Section; Finish Section stores the flag on the server (D6), which
 * opens transmitting, and leaves the dashboard its 'Transmit Files Enabled'; switching off clears
 * the flag and closes it again.
 */
export function useSectionCompletion(taxYear: number, completed: boolean) {
  const { t } = useTranslation('advanced');
  const [armed, setArmed] = useState(false);
  const completion = useSetCompletion();
  // A year switch starts from that year's stored state.
  useEffect(() => setArmed(false), [taxYear]);

  function switchTo(on: boolean): void {
    if (on) {
      setArmed(true);
      return;
    }
    if (!completed) {
      setArmed(false);
      return;
    }
    completion.mutate(
      { taxYear, completed: false },
      {
        onSuccess: () => {
          setArmed(false);
          withdrawTransmitAnnouncement(taxYear);
        },
        onError: () => toast({ title: t('completion.failedTitle'), description: t('completion.reopenFailed'), variant: 'destructive' }),
      },
    );
  }

  function finish(): void {
    completion.mutate(
      { taxYear, completed: true },
      {
        onSuccess: () => {
          setArmed(false);
          // Said on the dashboard, where Mark as Transmitted is (part 1 §4).
          announceTransmitEnabled(taxYear);
          toast({ title: t('completion.doneTitle'), description: t('completion.done'), variant: 'success' });
        },
        onError: () => toast({ title: t('completion.failedTitle'), description: t('completion.finishFailed'), variant: 'destructive' }),
      },
    );
  }

  return { switchOn: completed || armed, showFinish: armed && !completed, saving: completion.isPending, switchTo, finish };
}
