import { PencilLine, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

interface UnsavedNoteProps {
  unsaved: boolean;
  /** Newer answers were saved in another tab or on another device since the typing began (kept-form's `newerStored`). */
  newerSaved?: boolean;
  onUndo: () => void;
}

/**
 * Said beside a tab's Save button while its form differs from what is stored: what was typed is
 * kept for the browser tab (lib/kept-form.ts) but is not saved, and can be taken back; when newer
 * answers were stored since it was typed, that, and what Save and Undo will do with them.
 */
export function UnsavedNote({ unsaved, newerSaved = false, onUndo }: UnsavedNoteProps) {
  const { t } = useTranslation('advanced');
  const Icon = newerSaved ? TriangleAlert : PencilLine;
  // The live region is always there, so that its text appearing is announced.
  return (
    <div role="status" className="empty:hidden">
      {unsaved && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <Icon aria-hidden className="size-4 shrink-0" />
          <p className="min-w-56 flex-1">{newerSaved ? t('common.newerSaved') : t('common.unsaved')}</p>
          <Button variant="ghost" onClick={onUndo} className="min-h-9 px-2 text-amber-950 underline underline-offset-4 hover:bg-amber-100">
            {t('common.undoChanges')}
          </Button>
        </div>
      )}
    </div>
  );
}
