import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { clearToasts, setLanguage, toastRegion } from '../../../test/harness';
import { CameraDialog } from './camera-dialog';

/** The real PDF, unless a test makes it too large or fail: those need no 50 MB of test data. */
const pdfOutcome = vi.hoisted(() => ({ current: 'real' as 'real' | 'too-large' | 'fails' }));
vi.mock('./scan/pages-to-pdf', async (importOriginal) => {
  const { MAX_UPLOAD_BYTES } = await import('@taxli/domain');
  const real = await importOriginal<typeof import('./scan/pages-to-pdf')>();
  return {
    pagesToPdf: async (pages: Blob[]) => {
      if (pdfOutcome.current === 'fails') throw new Error('pdf-lib failed');
      if (pdfOutcome.current === 'too-large') return { byteLength: MAX_UPLOAD_BYTES + 1 } as Uint8Array;
      return real.pagesToPdf(pages);
    },
  };
});

/**
 * The smallest JPEG pdf-lib embeds: its start, a frame header with the size, its end. jsdom draws no
 * pixels, so each "photo" is one of these, as large as the canvas it was drawn on.
 */
function jpeg(width: number, height: number): Uint8Array {
  // prettier-ignore
  return new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255,
    0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9]);
}

/** A camera stream as far as the dialog uses it: one video track that can be stopped and tells its maximum. */
function fakeStream(max = { width: 3840, height: 2160 }) {
  const track = {
    stop: vi.fn(),
    getCapabilities: () => ({ width: { min: 1, max: max.width }, height: { min: 1, max: max.height } }),
    applyConstraints: vi.fn(async () => undefined),
  };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  return { stream, track };
}

function withCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn(getUserMedia) }, configurable: true });
  return navigator.mediaDevices.getUserMedia as ReturnType<typeof vi.fn>;
}

/** The camera's frame size as the video element reports it (jsdom has none). */
function frameOf(width: number, height: number) {
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { get: () => width, configurable: true });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { get: () => height, configurable: true });
}

/** A canvas that "encodes" a JPEG of its own size (or fails to, with `null`). */
function canvasEncodes(ok = true) {
  const drawImage = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
  const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback) {
    callback(ok ? new Blob([jpeg(this.width, this.height) as BlobPart], { type: 'image/jpeg' }) : null);
  });
  return { drawImage, toBlob };
}

function renderCamera(categoryName = 'Salary Statement') {
  const onClose = vi.fn();
  const onCapture = vi.fn();
  const view = render(
    <>
      <CameraDialog open categoryName={categoryName} onClose={onClose} onCapture={onCapture} />
      <Toaster />
    </>,
  );
  return { ...view, onClose, onCapture };
}

/** The PDF handed to the upload, read back: its name and each page's size in points. */
async function sentPdf(onCapture: ReturnType<typeof vi.fn>) {
  const file = onCapture.mock.calls[0]?.[0] as File;
  const pdf = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()));
  return { file, pages: pdf.getPages().map((page) => page.getSize()) };
}

const dialog = () => screen.getByRole('dialog');
const button = (name: string | RegExp) => within(dialog()).getByRole('button', { name });

async function capture(name: string | RegExp = 'Capture') {
  await waitFor(() => expect(button(name)).toBeEnabled());
  await userEvent.click(button(name));
}

describe('camera dialog', () => {
  let objectUrls = 0;
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
    objectUrls = 0;
    pdfOutcome.current = 'real';
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => `blob:page-${++objectUrls}`), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 27, 0, 30)); // half past midnight: UTC is still the 26th
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'mediaDevices');
    Reflect.deleteProperty(HTMLVideoElement.prototype, 'videoWidth');
    Reflect.deleteProperty(HTMLVideoElement.prototype, 'videoHeight');
    Reflect.deleteProperty(globalThis, 'ImageCapture');
  });

  it('asks for the back camera at its full resolution, not the browser’s 640 × 480', async () => {
    const { stream, track } = fakeStream({ width: 4032, height: 3024 });
    const getUserMedia = withCamera(async () => stream);
    renderCamera();
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 4096 }, height: { ideal: 2160 } },
      audio: false,
    });
    await waitFor(() => expect(track.applyConstraints).toHaveBeenCalledWith({ width: { ideal: 4032 }, height: { ideal: 3024 } }));
  });

  it('captures the full video frame, previews it, and sends one page as a PDF named after the category and the day', async () => {
    withCamera(async () => fakeStream().stream);
    frameOf(1920, 1080);
    const { drawImage } = canvasEncodes();
    const { onCapture, onClose } = renderCamera();
    expect(screen.getByRole('dialog', { name: 'Take a photo of a document' })).toHaveAccessibleDescription(
      'For: Salary Statement. The pages are sent as one PDF.',
    );
    await capture();

    // The frame at the camera's size, whatever the preview's size on screen.
    expect(drawImage).toHaveBeenCalledWith(expect.any(HTMLVideoElement), 0, 0, 1920, 1080);
    expect(within(dialog()).getByRole('heading', { name: '1 page' })).toHaveFocus();
    expect(within(dialog()).getByRole('img', { name: 'Page 1 of 1' })).toHaveAttribute('src', 'blob:page-1');
    expect(screen.getByLabelText('Camera preview')).not.toBeVisible();
    await userEvent.click(button('Send as PDF (1 page)'));

    await waitFor(() => expect(onCapture).toHaveBeenCalledOnce());
    const { file, pages } = await sentPdf(onCapture);
    expect(file.name).toBe('Salary-Statement_2026-11-27.pdf');
    expect(file.type).toBe('application/pdf');
    expect(pages).toEqual([{ width: 841.89, height: expect.closeTo((841.89 * 1080) / 1920, 2) }]);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('uses the camera’s still photo where the browser can take one, scaled to A4 at 300 dpi', async () => {
    withCamera(async () => fakeStream().stream);
    const photo = new Blob(['photo'], { type: 'image/jpeg' });
    const takePhoto = vi.fn(async () => photo);
    const tracks: unknown[] = [];
    class FakeImageCapture {
      constructor(track: unknown) {
        tracks.push(track);
      }
      takePhoto = takePhoto;
    }
    Object.defineProperty(globalThis, 'ImageCapture', { value: FakeImageCapture, configurable: true });
    const bitmap = { width: 4032, height: 3024, close: vi.fn() };
    vi.stubGlobal('createImageBitmap', vi.fn(async () => bitmap));
    const { drawImage } = canvasEncodes();
    renderCamera();
    await capture();
    expect(takePhoto).toHaveBeenCalledOnce();
    expect(tracks).toEqual([expect.objectContaining({ getCapabilities: expect.any(Function) })]);
    expect(createImageBitmap).toHaveBeenCalledWith(photo);
    expect(drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 3508, 2631);
    expect(bitmap.close).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('falls back to the video frame when the still photo fails', async () => {
    withCamera(async () => fakeStream().stream);
    const takePhoto = vi.fn(() => Promise.reject(new DOMException('busy', 'InvalidStateError')));
    class FakeImageCapture {
      takePhoto = takePhoto;
    }
    Object.defineProperty(globalThis, 'ImageCapture', { value: FakeImageCapture, configurable: true });
    vi.stubGlobal('createImageBitmap', vi.fn());
    frameOf(1280, 720);
    const { drawImage } = canvasEncodes();
    renderCamera();
    await capture();
    expect(takePhoto).toHaveBeenCalledOnce();
    expect(drawImage).toHaveBeenCalledWith(expect.any(HTMLVideoElement), 0, 0, 1280, 720);
    expect(within(dialog()).getByRole('img', { name: 'Page 1 of 1' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('adds pages, retakes one in its place, removes one, and sends them in order as one PDF', async () => {
    withCamera(async () => fakeStream().stream);
    canvasEncodes();
    const { onCapture } = renderCamera('Bank Documents');

    frameOf(1920, 1080); // page 1: landscape
    await capture();
    await userEvent.click(button('Add page'));
    expect(button('Capture')).toHaveFocus();
    frameOf(1080, 1920); // page 2: portrait
    await capture();
    await userEvent.click(button('Add page'));
    frameOf(1000, 1000); // page 3: to be removed
    await capture();
    expect(within(dialog()).getByRole('heading', { name: '3 pages' })).toBeInTheDocument();
    expect(within(dialog()).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);

    // Retake page 1, but change one's mind first: back to the pages keeps them as they were.
    await userEvent.click(button('Retake page 1'));
    await userEvent.click(button('Back to pages'));
    expect(within(dialog()).getByRole('img', { name: 'Page 1 of 3' })).toHaveAttribute('src', 'blob:page-1');
    await userEvent.click(button('Retake page 1'));
    frameOf(1600, 900);
    await capture('Capture page 1 again');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:page-1');
    expect(within(dialog()).getByRole('img', { name: 'Page 1 of 3' })).toHaveAttribute('src', 'blob:page-4');

    await userEvent.click(button('Remove page 3'));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:page-3');
    expect(within(dialog()).getAllByRole('img')).toHaveLength(2);
    await userEvent.click(button('Send as PDF (2 pages)'));

    await waitFor(() => expect(onCapture).toHaveBeenCalledOnce());
    const { file, pages } = await sentPdf(onCapture);
    expect(file.name).toBe('Bank-Documents_2026-11-27.pdf');
    expect(pages).toEqual([
      { width: 841.89, height: expect.closeTo((841.89 * 900) / 1600, 2) },
      { width: 595.28, height: expect.closeTo((595.28 * 1920) / 1080, 2) },
    ]);
  });

  it('in German: the same steps, and the file named in German', async () => {
    await setLanguage('de');
    withCamera(async () => fakeStream().stream);
    frameOf(1920, 1080);
    canvasEncodes();
    const { onCapture } = renderCamera('Belege für Abzüge');
    expect(screen.getByRole('dialog', { name: 'Dokument fotografieren' })).toBeInTheDocument();
    await capture('Aufnehmen');
    expect(within(dialog()).getByRole('heading', { name: '1 Seite' })).toBeInTheDocument();
    await userEvent.click(button('Seite hinzufügen'));
    await capture('Aufnehmen');
    await userEvent.click(button('Seite 2 neu aufnehmen'));
    await capture('Seite 2 neu aufnehmen');
    expect(within(dialog()).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Seite 1 von 2', 'Seite 2 von 2']);
    await userEvent.click(button('Als PDF senden (2 Seiten)'));
    await waitFor(() => expect(onCapture).toHaveBeenCalledOnce());
    const { file, pages } = await sentPdf(onCapture);
    expect(file.name).toBe('Belege-fuer-Abzuege_2026-11-27.pdf');
    expect(pages).toHaveLength(2);
  });

  it('keeps every page when the PDF would be over 50 MB or cannot be made, and says so', async () => {
    withCamera(async () => fakeStream().stream);
    frameOf(1920, 1080);
    canvasEncodes();
    const { onCapture, onClose } = renderCamera();
    await capture();
    await userEvent.click(button('Add page'));
    await capture();

    pdfOutcome.current = 'too-large';
    await userEvent.click(button('Send as PDF (2 pages)'));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'Together the pages are larger than 50 MB. Remove a page and send it in a second scan.',
    );
    expect(within(dialog()).getAllByRole('img')).toHaveLength(2);

    pdfOutcome.current = 'fails';
    await userEvent.click(button('Send as PDF (2 pages)'));
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert')).toHaveTextContent('The PDF could not be made. Your pages are still here; please try again.'),
    );
    expect(within(dialog()).getAllByRole('img')).toHaveLength(2);
    expect(onCapture).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    // Removing a page clears the message; what is left goes.
    pdfOutcome.current = 'real';
    await userEvent.click(button('Remove page 2'));
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(button('Send as PDF (1 page)'));
    await waitFor(() => expect(onCapture).toHaveBeenCalledOnce());
  });

  it('removing the last page goes back to the camera', async () => {
    withCamera(async () => fakeStream().stream);
    frameOf(1920, 1080);
    canvasEncodes();
    renderCamera();
    await capture();
    await userEvent.click(button('Remove page 1'));
    expect(screen.getByLabelText('Camera preview')).toBeVisible();
    expect(button('Capture')).toHaveFocus();
    expect(within(dialog()).queryByRole('button', { name: 'Back to pages' })).not.toBeInTheDocument();
  });

  it('keeps Capture off until the camera runs', () => {
    withCamera(() => new Promise(() => {}));
    renderCamera();
    expect(screen.getByRole('button', { name: 'Capture' })).toBeDisabled();
  });

  it('explains a refused permission and closes', async () => {
    withCamera(async () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const { onClose, onCapture } = renderCamera();
    expect(await screen.findByText("Failed to access camera. Please make sure you've granted camera permissions.")).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Camera error')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(onCapture).not.toHaveBeenCalled();
  });

  it('says so and closes where the browser has no camera access at all', async () => {
    const { onClose } = renderCamera();
    expect(await screen.findByText("Failed to access camera. Please make sure you've granted camera permissions.")).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('reports a capture that could not be encoded, and stays on the camera with no page', async () => {
    withCamera(async () => fakeStream().stream);
    frameOf(1920, 1080);
    canvasEncodes(false);
    const { onClose, onCapture } = renderCamera();
    await capture();
    expect(await screen.findAllByText('Capture failed')).not.toHaveLength(0);
    expect(onCapture).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog()).queryByRole('img')).not.toBeInTheDocument();
    expect(button('Capture')).toBeEnabled();
  });

  it('stops the camera and drops the pages when the dialog closes, and stops a late stream after closing', async () => {
    const running = fakeStream();
    withCamera(async () => running.stream);
    frameOf(1920, 1080);
    canvasEncodes();
    const { rerender, onClose, onCapture } = renderCamera();
    await capture();
    rerender(<CameraDialog open={false} categoryName="Salary Statement" onClose={onClose} onCapture={onCapture} />);
    expect(running.track.stop).toHaveBeenCalled();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:page-1');

    let grant: (stream: MediaStream) => void = () => {};
    withCamera(() => new Promise((resolve) => (grant = resolve)));
    rerender(<CameraDialog open categoryName="Salary Statement" onClose={onClose} onCapture={onCapture} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    rerender(<CameraDialog open={false} categoryName="Salary Statement" onClose={onClose} onCapture={onCapture} />);
    const late = fakeStream();
    await act(async () => grant(late.stream));
    expect(late.track.stop).toHaveBeenCalled();
  });
});
