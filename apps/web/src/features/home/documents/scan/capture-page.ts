/**
 * One captured page as a JPEG, taken from the camera's full-resolution frame, not from the preview's
 * size on screen. Pages larger than A4 at 300 dpi are scaled down to it: more pixels add megabytes
 * (the upload limit is 50 MB per file) without making the paper more readable.
 */
export const MAX_PAGE_EDGE = 3508; // A4's long edge at 300 dpi
export const PAGE_JPEG_QUALITY = 0.85;

interface ImageCaptureLike {
  takePhoto(): Promise<Blob>;
}
type ImageCaptureConstructor = new (track: MediaStreamTrack) => ImageCaptureLike;

export async function capturePage(video: HTMLVideoElement, track: MediaStreamTrack | undefined): Promise<Blob> {
  const photo = await takePhoto(track);
  if (photo) return photo;
  return encodePage(video, video.videoWidth, video.videoHeight);
}

/** A still photo from the sensor (often sharper than a video frame), where the browser has ImageCapture. */
async function takePhoto(track: MediaStreamTrack | undefined): Promise<Blob | undefined> {
  const ImageCapture = (globalThis as { ImageCapture?: ImageCaptureConstructor }).ImageCapture;
  if (!ImageCapture || !track || typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(await new ImageCapture(track).takePhoto());
    try {
      return await encodePage(bitmap, bitmap.width, bitmap.height);
    } finally {
      bitmap.close();
    }
  } catch {
    // A camera that cannot take stills (or is busy) still has its video frame.
    return undefined;
  }
}

export function encodePage(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  if (!width || !height) return Promise.reject(new Error('The camera gave no picture'));
  const scale = Math.min(1, MAX_PAGE_EDGE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('No canvas to draw on'));
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', PAGE_JPEG_QUALITY),
  );
}
