import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { clearToasts, setLanguage, toastRegion } from '../../../test/harness';
import { CameraDialog } from './camera-dialog';

/** A camera stream as far as the dialog uses it: tracks that can be stopped. */
function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

function withCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn(getUserMedia) }, configurable: true });
  return navigator.mediaDevices.getUserMedia as ReturnType<typeof vi.fn>;
}

/** jsdom draws nothing: a canvas whose JPEG is `blob` (null when encoding fails). */
function canvasGives(blob: Blob | null) {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: vi.fn() } as unknown as CanvasRenderingContext2D);
  const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(blob));
  return toBlob;
}

function renderCamera() {
  const onClose = vi.fn();
  const onCapture = vi.fn();
  const view = render(
    <>
      <CameraDialog open onClose={onClose} onCapture={onCapture} />
      <Toaster />
    </>,
  );
  return { ...view, onClose, onCapture };
}

describe('camera dialog', () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('asks for the back camera without sound and turns a capture into camera-capture-<timestamp>.jpg', async () => {
    const { stream, track } = fakeStream();
    const getUserMedia = withCamera(async () => stream);
    const toBlob = canvasGives(new Blob(['jpeg bytes'], { type: 'image/jpeg' }));
    vi.spyOn(Date, 'now').mockReturnValue(1_763_800_000_000);
    const { onCapture, onClose } = renderCamera();

    expect(screen.getByRole('dialog', { name: 'Take a photo of a document' })).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    const capture = screen.getByRole('button', { name: 'Capture' });
    await waitFor(() => expect(capture).toBeEnabled());
    await userEvent.click(capture);

    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.92);
    const file = onCapture.mock.calls[0]?.[0] as File;
    expect(file.name).toBe('camera-capture-1763800000000.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(await file.text()).toBe('jpeg bytes');
    expect(onClose).toHaveBeenCalledOnce();
    expect(track.stop).not.toHaveBeenCalled(); // the parent closes the dialog, which stops the camera
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

  it('reports a capture that could not be encoded, and sends no file', async () => {
    withCamera(async () => fakeStream().stream);
    canvasGives(null);
    const { onClose, onCapture } = renderCamera();
    const capture = screen.getByRole('button', { name: 'Capture' });
    await waitFor(() => expect(capture).toBeEnabled());
    await userEvent.click(capture);
    expect(await screen.findAllByText('Capture failed')).not.toHaveLength(0);
    expect(onCapture).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stops the camera when the dialog closes, and when a late stream arrives after closing', async () => {
    const running = fakeStream();
    withCamera(async () => running.stream);
    const { rerender, onClose, onCapture } = renderCamera();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Capture' })).toBeEnabled());
    rerender(<CameraDialog open={false} onClose={onClose} onCapture={onCapture} />);
    expect(running.track.stop).toHaveBeenCalled();

    let grant: (stream: MediaStream) => void = () => {};
    withCamera(() => new Promise((resolve) => (grant = resolve)));
    rerender(<CameraDialog open onClose={onClose} onCapture={onCapture} />);
    rerender(<CameraDialog open={false} onClose={onClose} onCapture={onCapture} />);
    const late = fakeStream();
    await act(async () => grant(late.stream));
    expect(late.track.stop).toHaveBeenCalled();
  });
});
