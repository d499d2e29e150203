import { PencilLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/**
 * Said beside a tab's Save button while its form differs from what is stored: what was typed is
 * kept for the browser tab (lib/kept-form.ts) but is not saved, and can be taken back.
 */
export function UnsavedNote({ unsaved, onUndo }: { unsaved: boolean; onUndo: () => void }) {
  const { t } = useTranslation('advanced');
  // The live region is always there, so that its text appearing is announced.
  return (
    <div role="status" className="empty:hidden">
      {unsaved && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <PencilLine aria-hidden className="size-4 shrink-0" />
          <p className="min-w-56 flex-1">{t('common.unsaved')}</p>
          <Button variant="ghost" onClick={onUndo} className="min-h-9 px-2 text-amber-950 underline underline-offset-4 hover:bg-amber-100">
            {t('common.undoChanges')}
          </Button>
        </div>
      )}
    </div>
  );
}
