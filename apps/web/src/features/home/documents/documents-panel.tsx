import { Camera, FolderOpen, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useDocumentCategories, useFiles } from '../../../lib/documents';
import { CameraDialog } from './camera-dialog';
import { CategoryDialog } from './category-dialog';
import { UploadList } from './upload-list';
import { useUploads } from './use-uploads';
import { YourFiles } from './your-files';

type Next = 'pick' | 'camera';

/** The upload card (category first, files or camera), the upload list and 'Your Files'. */
export function DocumentsPanel({ taxYear }: { taxYear: number }) {
  const { t } = useTranslation('dashboard');
  const categories = useDocumentCategories(taxYear).data ?? [];
  const files = useFiles(taxYear).data ?? [];
  const uploads = useUploads(taxYear);
  const inputRef = useRef<HTMLInputElement>(null);
  const [asking, setAsking] = useState<Next>();
  const [categoryId, setCategoryId] = useState<number>();
  const [cameraOpen, setCameraOpen] = useState(false);
  const [filesOpen, setFilesOpen] = useState(false);

  function begin(next: Next) {
    if (categories.length > 0) return setAsking(next);
    toast({ title: t('upload.categoryRequired'), description: t('upload.categoryRequiredDescription'), variant: 'destructive' });
  }

  function chosen(id: number) {
    setCategoryId(id);
    const next = asking;
    setAsking(undefined);
    if (next === 'pick') inputRef.current?.click();
    else setCameraOpen(true);
  }

  return (
    <section aria-labelledby="documents-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="documents-heading" className="text-xl font-semibold text-slate-900">
        {t('upload.heading')}
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => begin('pick')}>
          <Upload aria-hidden className="size-4" />
          {t('upload.button')}
        </Button>
        <Button variant="secondary" onClick={() => begin('camera')}>
          <Camera aria-hidden className="size-4" />
          {t('upload.camera')}
        </Button>
        <Button variant="secondary" onClick={() => setFilesOpen(true)}>
          <FolderOpen aria-hidden className="size-4" />
          {t('files.button')}
          <span className="text-slate-700">({t('files.count', { count: files.length, year: taxYear })})</span>
        </Button>
      </div>
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        aria-label={t('upload.button')}
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])];
          event.target.value = '';
          if (picked.length > 0 && categoryId !== undefined) uploads.start(picked, categoryId);
        }}
      />
      <UploadList items={uploads.items} onRetry={uploads.retry} />
      <CategoryDialog open={asking !== undefined} categories={categories} onCancel={() => setAsking(undefined)} onChoose={chosen} />
      <CameraDialog
        open={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onCapture={(file) => categoryId !== undefined && uploads.start([file], categoryId)}
      />
      <YourFiles open={filesOpen} onOpenChange={setFilesOpen} taxYear={taxYear} files={files} />
    </section>
  );
}
