import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentCategoryResponse } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

interface CategoryDialogProps {
  open: boolean;
  categories: DocumentCategoryResponse[];
  onCancel: () => void;
  onChoose: (categoryId: number) => void;
}

/**
 * 'Select Document Category': asked before every upload and capture (part 1 §2, §5). Continue
 * without a choice says so at the list, and the words stay until a category is chosen.
 */
export function CategoryDialog({ open, categories, onCancel, onChoose }: CategoryDialogProps) {
  const { t } = useTranslation(['dashboard', 'categories']);
  const errorId = useId();
  const list = useRef<HTMLFieldSetElement>(null);
  const [chosen, setChosen] = useState<number>();
  const [missing, setMissing] = useState(false);
  const cancel = () => {
    setMissing(false);
    onCancel();
  };
  const go = () => {
    if (chosen !== undefined) return onChoose(chosen);
    setMissing(true);
    list.current?.querySelector('input')?.focus();
  };
  // Closed, nothing of it is built: one translated row per category, on every render of the
  // dashboard as its answers arrive (docs/performance.md, "A slower host").
  if (!open) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && cancel()}
      title={t('upload.categoryTitle')}
      description={t('upload.categoryDescription')}
      closeLabel={t('common:actions.close')}
      footer={
        <>
          <Button variant="secondary" onClick={cancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={go}>{t('upload.continue')}</Button>
        </>
      }
    >
      <fieldset ref={list} aria-describedby={missing ? errorId : undefined}>
        <legend className="sr-only">{t('upload.categoryTitle')}</legend>
        <div className="space-y-2">
          {categories.map((category) => (
            <label key={category.id} className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 p-3 hover:bg-slate-50">
              <input
                type="radio"
                name="document-category"
                value={category.id}
                checked={chosen === category.id}
                aria-invalid={missing ? true : undefined}
                onChange={() => {
                  setChosen(category.id);
                  setMissing(false);
                }}
                className="size-4 accent-brand-600"
              />
              <span className="text-sm text-slate-900">{t(`categories:names.${category.id}`, { defaultValue: category.name })}</span>
            </label>
          ))}
        </div>
        {missing && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {t('upload.categoryRequiredDescription')}
          </p>
        )}
      </fieldset>
    </Dialog>
  );
}
