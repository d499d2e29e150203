import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';

interface CameraDialogProps {
  open: boolean;
  onClose: () => void;
  onCapture: (file: File) => void;
}

/** Live camera; a capture becomes `camera-capture-<timestamp>.jpg` (part 1 §5). Closes after a capture or an error. */
export function CameraDialog({ open, onClose, onCapture }: CameraDialogProps) {
  const { t } = useTranslation('dashboard');
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream>(undefined);
  const [ready, setReady] = useState(false);
  // The parent passes a new function each render; the camera must not restart for that.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const fail = () => {
      toast({ title: t('camera.error'), description: t('camera.permission'), variant: 'destructive' });
      onCloseRef.current();
    };
    if (!navigator.mediaDevices?.getUserMedia) return fail();
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
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
      setReady(false);
    };
  }, [open, t]);

  function capture() {
    const video = videoRef.current;
    const canvas = document.createElement('canvas');
    canvas.width = video?.videoWidth || 1280;
    canvas.height = video?.videoHeight || 720;
    const context = canvas.getContext('2d');
    if (!video || !context) return;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob) {
          toast({ title: t('camera.captureFailed'), variant: 'destructive' });
        } else {
          onCapture(new File([blob], `camera-capture-${Date.now()}.jpg`, { type: 'image/jpeg' }));
        }
        onClose();
      },
      'image/jpeg',
      0.92,
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('camera.title')}
      closeLabel={t('common:actions.close')}
      footer={
        <Button onClick={capture} disabled={!ready}>
          {t('camera.capture')}
        </Button>
      }
    >
      <video ref={videoRef} autoPlay playsInline muted aria-label={t('camera.preview')} className="w-full rounded-md bg-slate-900" />
    </Dialog>
  );
}
