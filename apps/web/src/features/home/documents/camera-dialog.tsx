import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadSizeProblem } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { openCamera } from './scan/camera-stream';
import { capturePage } from './scan/capture-page';
import { pagesToPdf } from './scan/pages-to-pdf';
import { scanFileName } from './scan/scan-file-name';
import { ScanPages, type ScanPage } from './scan/scan-pages';

interface CameraDialogProps {
  open: boolean;
  /** The category's name in the person's language: the PDF is named after it. */
  categoryName: string;
  onClose: () => void;
  /** The finished scan: one PDF of every page. */
  onCapture: (file: File) => void;
}

let nextPageId = 1;

/**
 * The camera as a scanner (issue 28): full-resolution pages, each previewed with Retake and Remove,
 * Add page for the next one, and one PDF named after the category and the day when sent. The pages
 * live only here: closing the dialog drops them, sending hands over the PDF and closes.
 */
export function CameraDialog({ open, categoryName, onClose, onCapture }: CameraDialogProps) {
  const { t } = useTranslation('dashboard');
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream>(undefined);
  const captureRef = useRef<HTMLButtonElement>(null);
  const pagesHeadingRef = useRef<HTMLHeadingElement>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pages, setPages] = useState<ScanPage[]>([]);
  /** The camera shows for the first page, Add page, and a Retake (which page it replaces). */
  const [shooting, setShooting] = useState<{ replace?: number } | undefined>({});
  const [problem, setProblem] = useState<string>();
  // The parent passes a new function each render; the camera must not restart for that.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const pagesRef = useRef(pages);
  pagesRef.current = pages;

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const fail = () => {
      toast({ title: t('camera.error'), description: t('camera.permission'), variant: 'destructive' });
      onCloseRef.current();
    };
    if (!navigator.mediaDevices?.getUserMedia) return fail();
    openCamera()
      .then((stream) => {
        if (cancelled) return stream.getTracks().forEach((track) => track.stop());
        streamRef.current = stream;
        if (videoRef.current) videoRef.current.srcObject = stream;
        setReady(true);
      })
      .catch(fail);
    return () => {
      cancelled = true;
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = undefined;
      for (const page of pagesRef.current) URL.revokeObjectURL(page.url);
      setPages([]);
      setShooting({});
      setProblem(undefined);
      setReady(false);
    };
  }, [open, t]);

  // Focus follows the view: Capture while the camera shows, the pages' heading once they show.
  useEffect(() => {
    if (!open) return;
    if (shooting) captureRef.current?.focus();
    else pagesHeadingRef.current?.focus();
  }, [open, shooting]);

  async function capture() {
    const video = videoRef.current;
    if (!video) return;
    setBusy(true);
    try {
      const blob = await capturePage(video, streamRef.current?.getVideoTracks?.()[0]);
      const page = { id: nextPageId++, blob, url: URL.createObjectURL(blob) };
      const replace = shooting?.replace;
      setPages((all) => {
        if (replace === undefined) return [...all, page];
        URL.revokeObjectURL(all[replace]?.url ?? '');
        return all.map((old, index) => (index === replace ? page : old));
      });
      setProblem(undefined);
      setShooting(undefined);
    } catch {
      toast({ title: t('camera.captureFailed'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  function remove(index: number) {
    URL.revokeObjectURL(pages[index]?.url ?? '');
    const rest = pages.filter((_, at) => at !== index);
    setPages(rest);
    setProblem(undefined);
    if (rest.length === 0) setShooting({});
  }

  async function send() {
    setBusy(true);
    try {
      const pdf = await pagesToPdf(pages.map((page) => page.blob));
      // The pages stay here when the PDF is too large: the person removes one, nothing is lost.
      if (uploadSizeProblem(pdf.byteLength)) return setProblem(t('camera.tooLarge'));
      onCapture(new File([pdf as BlobPart], scanFileName(categoryName, new Date()), { type: 'application/pdf' }));
      onClose();
    } catch {
      setProblem(t('camera.pdfFailed'));
    } finally {
      setBusy(false);
    }
  }

  // Closed, nothing of it is built: it sits on the dashboard, which renders again as each of its
  // answers arrives, in one task React does not slice (docs/performance.md, "A slower host").
  if (!open) return null;

  const footer = shooting ? (
    <>
      {pages.length > 0 && (
        <Button variant="secondary" onClick={() => setShooting(undefined)}>
          {t('camera.backToPages')}
        </Button>
      )}
      <Button ref={captureRef} onClick={() => void capture()} disabled={!ready || busy}>
        {shooting.replace === undefined ? t('camera.capture') : t('camera.captureAgain', { number: shooting.replace + 1 })}
      </Button>
    </>
  ) : (
    <>
      <Button variant="secondary" onClick={() => setShooting({})} disabled={busy}>
        {t('camera.addPage')}
      </Button>
      <Button onClick={() => void send()} disabled={busy}>
        {busy ? t('camera.sending') : t('camera.send', { count: pages.length })}
      </Button>
    </>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('camera.title')}
      description={t('camera.for', { category: categoryName })}
      closeLabel={t('common:actions.close')}
      footer={footer}
    >
      <video
        ref={videoRef}
        autoPlay
        playsInline
        muted
        hidden={!shooting}
        aria-label={t('camera.preview')}
        className="max-h-[50vh] w-full rounded-md bg-slate-900 object-contain"
      />
      {!shooting && (
        <ScanPages
          pages={pages}
          headingRef={pagesHeadingRef}
          busy={busy}
          onRetake={(index) => setShooting({ replace: index })}
          onRemove={remove}
        />
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {problem}
        </p>
      )}
    </Dialog>
  );
}
