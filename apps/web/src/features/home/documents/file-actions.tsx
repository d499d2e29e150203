import { FolderInput, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentCategoryList, type DeleteFileResponse, type FileRecord } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { useDeleteFile } from '../api/delete-file';
import { useMoveFile } from '../api/move-file';
import { errorText } from '../../../lib/error-text';

const ALL_CATEGORIES = documentCategoryList('all');
const selectClass = 'block w-full max-w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900';

interface ActionProps {
  taxYear: number;
  file: FileRecord;
  /** The id of the visible text saying why changes are no longer possible; set, the button is disabled (D7). */
  frozenHintId?: string;
}

/** Delete a file, or one version of it, after a confirmation dialog (D7: until the year is transmitted). */
export function DeleteButton({ taxYear, file, version, frozenHintId, onDeleted }: ActionProps & { version?: number; onDeleted?: (answer: DeleteFileResponse) => void }) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  const deletion = useDeleteFile(taxYear);
  const whole = version === undefined;
  const name = file.name;

  function confirm() {
    deletion.mutate(
      { fileId: file.id, version },
      {
        onSuccess: (answer) => {
          setOpen(false);
          toast({ title: whole || answer.fileDeleted ? t('files.manage.deleted') : t('files.manage.versionDeleted'), variant: 'success' });
          onDeleted?.(answer);
        },
        onError: (error) => toast({ title: t('files.manage.failed'), description: errorText(t, error, error.message), variant: 'destructive' }),
      },
    );
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        disabled={frozenHintId !== undefined}
        aria-describedby={frozenHintId}
        aria-label={whole ? t('files.manage.deleteOf', { name }) : t('files.manage.deleteVersionOf', { name, version })}
      >
        <Trash2 aria-hidden className="size-4" />
        {t('files.manage.delete')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !deletion.isPending && setOpen(next)}
        title={whole ? t('files.manage.deleteTitle', { name }) : t('files.manage.deleteVersionTitle', { name, version })}
        description={whole ? t('files.manage.deleteDescription') : t('files.manage.deleteVersionDescription')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={deletion.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button variant="danger" onClick={confirm} disabled={deletion.isPending}>
              {t('files.manage.confirmDelete')}
            </Button>
          </>
        }
      />
    </>
  );
}

/** Move a file (all its versions) to another category of the same year (D3 ids). */
export function MoveButton({ taxYear, file, frozenHintId }: ActionProps) {
  const { t } = useTranslation(['dashboard', 'categories']);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState(file.categoryId);
  const moving = useMoveFile(taxYear);
  const categoryName = (categoryId: number) =>
    t(`categories:names.${categoryId}`, { defaultValue: ALL_CATEGORIES.find((c) => c.id === categoryId)?.name ?? '' });

  function confirm() {
    moving.mutate(
      { fileId: file.id, categoryId: target },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: t('files.manage.moved', { category: categoryName(target) }), variant: 'success' });
        },
        onError: (error) => toast({ title: t('files.manage.failed'), description: errorText(t, error, error.message), variant: 'destructive' }),
      },
    );
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setTarget(file.categoryId);
          setOpen(true);
        }}
        disabled={frozenHintId !== undefined}
        aria-describedby={frozenHintId}
        aria-label={t('files.manage.moveOf', { name: file.name })}
      >
        <FolderInput aria-hidden className="size-4" />
        {t('files.manage.move')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !moving.isPending && setOpen(next)}
        title={t('files.manage.moveTitle', { name: file.name })}
        description={t('files.manage.moveDescription')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={moving.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={confirm} disabled={moving.isPending || target === file.categoryId}>
              {t('files.manage.confirmMove')}
            </Button>
          </>
        }
      >
        <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium text-slate-800">
          {t('files.manage.category')}
        </label>
        <select id={`${id}-category`} value={target} onChange={(event) => setTarget(Number(event.target.value))} className={selectClass}>
          {ALL_CATEGORIES.map((category) => (
            <option key={category.id} value={category.id}>
              {categoryName(category.id)}
            </option>
          ))}
        </select>
      </Dialog>
    </>
  );
}
