import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

interface SessionExpiredDialogProps {
  open: boolean;
  onCancel: () => void;
  onLogIn: () => void;
}

/** 'Session Expired' with Cancel and Log In (part 1 §2). Escape counts as Cancel. */
export function SessionExpiredDialog({ open, onCancel, onLogIn }: SessionExpiredDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={t('session.expiredTitle')}
      description={t('session.expiredBody')}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={onLogIn}>{t('actions.logIn')}</Button>
        </>
      }
    />
  );
}
