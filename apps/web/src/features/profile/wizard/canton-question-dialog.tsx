import { useTranslation } from 'react-i18next';
import { cantonName, type Canton } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

interface CantonQuestionDialogProps {
  /** The canton of the chosen address and the canton of residence chosen on step 2; null: closed. */
  question: { address: Canton; chosen: Canton } | null;
  onAnswer: (keep: boolean) => void;
  onClose: () => void;
}

/**
 * Issue 28: an address in another canton than the tax canton is possible (one moved after
 * 31 December) but more often a slip, so the wizard asks before going on.
 */
export function CantonQuestionDialog({ question, onAnswer, onClose }: CantonQuestionDialogProps) {
  const { t, i18n } = useTranslation(['wizard', 'common']);
  const names = question ? { addressCanton: cantonName(question.address, i18n.language), chosenCanton: cantonName(question.chosen, i18n.language) } : null;
  return (
    <Dialog
      open={question !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('cantonQuestion.title')}
      description={names ? t('cantonQuestion.body', names) : undefined}
      closeLabel={t('common:actions.close')}
      footer={
        names && (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onAnswer(false)}>
              {t('cantonQuestion.change')}
            </Button>
            <Button onClick={() => onAnswer(true)}>{t('cantonQuestion.keep', names)}</Button>
          </div>
        )
      }
    />
  );
}
