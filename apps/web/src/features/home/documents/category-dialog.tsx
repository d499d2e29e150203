import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentCategoryResponse } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';

interface CategoryDialogProps {
  open: boolean;
  categories: DocumentCategoryResponse[];
  onCancel: () => void;
  onChoose: (categoryId: number) => void;
}

/** 'Select Document Category': asked before every upload and capture (part 1 §2, §5). */
export function CategoryDialog({ open, categories, onCancel, onChoose }: CategoryDialogProps) {
  const { t } = useTranslation(['dashboard', 'categories']);
  const [chosen, setChosen] = useState<number>();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={t('upload.categoryTitle')}
      description={t('upload.categoryDescription')}
      closeLabel={t('common:actions.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            onClick={() =>
              chosen === undefined
                ? toast({ title: t('upload.categoryRequired'), description: t('upload.categoryRequiredDescription'), variant: 'destructive' })
                : onChoose(chosen)
            }
          >
            {t('upload.continue')}
          </Button>
        </>
      }
    >
      <fieldset>
        <legend className="sr-only">{t('upload.categoryTitle')}</legend>
        <div className="space-y-2">
          {categories.map((category) => (
            <label key={category.id} className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 p-3 hover:bg-slate-50">
              <input
                type="radio"
                name="document-category"
                value={category.id}
                checked={chosen === category.id}
                onChange={() => setChosen(category.id)}
                className="size-4 accent-brand-600"
              />
              <span className="text-sm text-slate-900">{t(`categories:names.${category.id}`, { defaultValue: category.name })}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </Dialog>
  );
}
