import { Bug } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { UploadList } from '../documents/upload-list';
import { useUploads } from '../documents/use-uploads';
import { DebugPanel } from './debug-panel';

/** Part 1 §2: the admin's debug upload goes to Bank Documents. */
const BANK_DOCUMENTS = 1;

/**
 * The bottom-right debug button and its panel (part 1 §2). Loaded only for admins while the server
 * offers debug tools (D4); the server refuses every call of it anyway to anyone else.
 */
export function DebugDock({ taxYear }: { taxYear: number }) {
  const { t } = useTranslation('debug');
  const [open, setOpen] = useState(false);
  const uploads = useUploads(taxYear);
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="secondary" className="fixed right-4 bottom-4 z-20 rounded-full shadow-lg" onClick={() => setOpen(true)}>
        <Bug aria-hidden className="size-4" />
        {t('open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('title')}
        description={t('description')}
        closeLabel={t('close')}
        footer={
          <Button variant="secondary" onClick={() => input.current?.click()}>
            {t('upload')}
          </Button>
        }
      >
        <DebugPanel taxYear={taxYear} />
        <input
          ref={input}
          type="file"
          name="debug-documents"
          multiple
          hidden
          aria-label={t('upload')}
          onChange={(event) => {
            const picked = [...(event.target.files ?? [])];
            event.target.value = '';
            if (picked.length > 0) uploads.start(picked, BANK_DOCUMENTS);
          }}
        />
        <UploadList items={uploads.items} onRetry={uploads.retry} onDismiss={uploads.dismiss} />
      </Dialog>
    </>
  );
}
