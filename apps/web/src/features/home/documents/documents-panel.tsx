import { Camera, FolderOpen, Upload } from 'lucide-react';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { areDocumentsFrozen, DASHBOARD_UPLOAD_EXTENSIONS, documentCategoryList } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { DropZone } from '../../../components/ui/drop-zone';
import { ApiError } from '../../../lib/api-client';
import { useDocumentCategories, useFiles } from '../../../lib/documents';
import { errorText } from '../../../lib/error-text';
import { CameraDialog } from './camera-dialog';
import { CategoryDialog } from './category-dialog';
import { FetchProblem } from '../../../components/ui/fetch-problem';
import { StorageUsageLine } from './storage-usage-line';
import { UploadList } from './upload-list';
import { useUploads } from './use-uploads';
import { YourFiles } from './your-files';

/** What follows the category question: the file picker, the camera, or the upload of dropped files. */
type Next = 'pick' | 'camera' | 'drop';

/**
 * Part 1 §9: the six required categories when none load, so uploading still works. Their ids are
 * DECISIONS D3's (the spec's other numbering here would file a bank statement as a salary one).
 */
const FALLBACK_CATEGORIES = documentCategoryList('basic');

/** The HTTP status of a failed call, or what went wrong when there was no answer at all. */
const statusOf = (t: TFunction, error: Error) =>
  error instanceof ApiError && error.status > 0 ? String(error.status) : errorText(t, error, error.message);

/**
 * The upload card (category first, files or camera), the upload list and 'Your Files'. It stays
 * after the year is transmitted (part 1 §2 sets it no condition): a late document can still reach
 * the experts, and the transmission's own record keeps what was sent with it (D7).
 */
/** What the dashboard asks of the panel from elsewhere (the checklist, the next-step box). */
export interface DocumentsPanelHandle {
  /** Opens the file picker for one category, skipping the category question. */
  pickFilesFor: (categoryId: number) => void;
  /** Starts an upload as the upload button does: the category question first (the next-step box). */
  startUpload: () => void;
}

export function DocumentsPanel({ taxYear, statusId, ref }: { taxYear: number; statusId: number; ref?: Ref<DocumentsPanelHandle> }) {
  const { t } = useTranslation(['dashboard', 'categories']);
  const categoriesQuery = useDocumentCategories(taxYear);
  const filesQuery = useFiles(taxYear);
  const categories = categoriesQuery.data?.length ? categoriesQuery.data : FALLBACK_CATEGORIES;
  const files = filesQuery.data ?? [];
  const uploads = useUploads(taxYear);
  const inputRef = useRef<HTMLInputElement>(null);
  const [asking, setAsking] = useState<Next>();
  const [categoryId, setCategoryId] = useState<number>();
  const [cameraOpen, setCameraOpen] = useState(false);
  const [filesOpen, setFilesOpen] = useState(false);
  /** Files dropped on the card wait here for their category; Cancel drops them. */
  const [dropped, setDropped] = useState<File[]>([]);
  useImperativeHandle(ref, () => ({
    pickFilesFor(id: number) {
      setCategoryId(id);
      // Still inside the click that asked for it: browsers open a file picker only then.
      inputRef.current?.click();
    },
    startUpload: () => setAsking('pick'),
  }));

  function chosen(id: number) {
    setCategoryId(id);
    const next = asking;
    setAsking(undefined);
    if (next === 'pick') inputRef.current?.click();
    else if (next === 'drop') {
      uploads.start(dropped, id);
      setDropped([]);
    } else setCameraOpen(true);
  }

  function drop(files: File[]) {
    setDropped(files);
    setAsking('drop');
  }

  const categoryName = (id: number | undefined) =>
    id === undefined ? '' : t(`categories:names.${id}`, { defaultValue: categories.find((category) => category.id === id)?.name ?? '' });

  return (
    <section aria-labelledby="documents-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="documents-heading" className="text-xl font-semibold text-slate-900">
        {t('upload.heading')}
      </h2>
      {categoriesQuery.isError && (
        <FetchProblem
          message={t('files.categoriesFailed', { status: statusOf(t, categoriesQuery.error) })}
          onRetry={() => void categoriesQuery.refetch()}
        />
      )}
      {filesQuery.isError && <FetchProblem message={t('files.failed')} onRetry={() => void filesQuery.refetch()} />}
      <DropZone onFiles={drop} activeLabel={t('upload.dropActive')} className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setAsking('pick')}>
            <Upload aria-hidden className="size-4" />
            {t('upload.button')}
          </Button>
          <Button variant="secondary" onClick={() => setAsking('camera')}>
            <Camera aria-hidden className="size-4" />
            {t('upload.camera')}
          </Button>
          <Button variant="secondary" onClick={() => setFilesOpen(true)}>
            <FolderOpen aria-hidden className="size-4" />
            {t('files.button')}
            <span className="text-slate-700">({t('files.count', { count: files.length, year: taxYear })})</span>
          </Button>
        </div>
        {/* Only where a mouse can drag: a phone has nothing to drop. */}
        <p className="hidden rounded-md border border-dashed border-slate-400 px-3 py-4 text-center text-sm text-slate-700 pointer-fine:block">
          {t('upload.dropHint')}
        </p>
      </DropZone>
      <StorageUsageLine />
      <input
        ref={inputRef}
        type="file"
        name="documents"
        multiple
        hidden
        accept={DASHBOARD_UPLOAD_EXTENSIONS.join(',')}
        aria-label={t('upload.button')}
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])];
          event.target.value = '';
          if (picked.length > 0 && categoryId !== undefined) uploads.start(picked, categoryId);
        }}
      />
      <UploadList items={uploads.items} onRetry={uploads.retry} onDismiss={uploads.dismiss} />
      <CategoryDialog
        open={asking !== undefined}
        categories={categories}
        onCancel={() => {
          setAsking(undefined);
          setDropped([]);
        }}
        onChoose={chosen}
      />
      <CameraDialog
        open={cameraOpen}
        categoryName={categoryName(categoryId)}
        onClose={() => setCameraOpen(false)}
        onCapture={(file) => categoryId !== undefined && uploads.start([file], categoryId)}
      />
      <YourFiles open={filesOpen} onOpenChange={setFilesOpen} taxYear={taxYear} files={files} frozen={areDocumentsFrozen(statusId)} />
    </section>
  );
}
