import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CHANGELOG, entryKey, formatReleaseDate } from '../lib/changelog';

interface ChangelogDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** What changed in each version, newest first, dated in the reader's language. */
export function ChangelogDialog({ open, onOpenChange }: ChangelogDialogProps) {
  const { t, i18n } = useTranslation('login');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('changelog.title')}
      description={t('changelog.description')}
      closeLabel={t('changelog.close')}
      footer={<Button onClick={() => onOpenChange(false)}>{t('changelog.close')}</Button>}
    >
      <ol className="space-y-4">
        {CHANGELOG.map((entry) => (
          <li key={entry.version} className="border-l-2 border-brand-600 pl-4">
            <h3 className="text-sm font-semibold text-slate-900">
              {t('changelog.version', { version: entry.version })}
              <span className="text-slate-600"> · </span>
              <time dateTime={entry.date} className="font-normal text-slate-700">
                {formatReleaseDate(entry.date, i18n.language)}
              </time>
            </h3>
            <p className="mt-1 text-sm text-slate-700">{t(entryKey(entry))}</p>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
