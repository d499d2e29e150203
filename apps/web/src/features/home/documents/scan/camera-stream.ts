/**
 * The camera at its full resolution. Browsers give 640 × 480 unless asked for more, which a tax office
 * cannot read; asking for 4K as the ideal gets the best the camera has, and a camera without it still
 * opens (ideal, not exact). Where the track tells its real maximum, that is asked for too.
 */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 4096 }, height: { ideal: 2160 } },
  audio: false,
};

export async function openCamera(): Promise<MediaStream> {
  const stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
  const [track] = stream.getVideoTracks?.() ?? [];
  const capabilities = track?.getCapabilities?.();
  const width = capabilities?.width?.max;
  const height = capabilities?.height?.max;
  if (track && width && height) {
    // Best effort: a camera that refuses its own maximum keeps the resolution it opened with.
    await track.applyConstraints({ width: { ideal: width }, height: { ideal: height } }).catch(() => undefined);
  }
  return stream;
}
