import { useCallback, useRef } from 'react';
import { routes, urlFor } from '@taxli/domain';

export const FOCUS_SOUND_URL = urlFor(routes.audio, { params: { file: 'focus.wav' } });
const FOCUS_SOUND_VOLUME = 0.25;

/** A short, quiet sound when the e-mail field gets focus (part 1 §2). It may fail: then only a log line. */
export function useFocusSound(): () => void {
  const audio = useRef<HTMLAudioElement | null>(null);
  return useCallback(() => {
    try {
      if (!audio.current) {
        audio.current = new Audio(FOCUS_SOUND_URL);
        audio.current.volume = FOCUS_SOUND_VOLUME;
      }
      audio.current.currentTime = 0;
      void audio.current.play()?.catch((error: unknown) => console.warn('Focus sound could not play', error));
    } catch (error) {
      console.warn('Focus sound could not play', error);
    }
  }, []);
}
