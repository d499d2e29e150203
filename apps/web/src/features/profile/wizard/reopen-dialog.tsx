import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

interface ReopenDialogProps {
  open: boolean;
  year: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Where focus goes once the dialog has closed (the Edit button is gone once the year is reopened). */
  onCloseAutoFocus: (event: Event) => void;
}

/** Issue 28: editing a completed tax profile reopens it; what that changes is said before it happens. */
export function ReopenDialog({ open, year, busy, onCancel, onConfirm, onCloseAutoFocus }: ReopenDialogProps) {
  const { t } = useTranslation('wizard');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      title={t('reopen.title')}
      description={t('reopen.intro')}
      onCloseAutoFocus={onCloseAutoFocus}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('reopen.cancel')}
          </Button>
          <Button onClick={onConfirm} disabled={busy}>
            {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
            {t('reopen.confirm')}
          </Button>
        </>
      }
    >
      <ul className="list-disc space-y-1 pl-5 text-slate-800">
        <li>{t('reopen.incomplete', { year })}</li>
        <li>{t('reopen.checklist')}</li>
        <li>{t('reopen.kept')}</li>
      </ul>
    </Dialog>
  );
}
