import { useCallback, useEffect, useRef, useState } from 'react';
import { playWithRetries } from './play-with-retries';
import { routes, urlFor } from '@taxli/domain';

export const INTRO_SOUND_URL = urlFor(routes.audio, { params: { file: 'intro.wav' } });
export const INTRO_SOUND_VOLUME = 0.7;

function createIntroAudio(): HTMLAudioElement {
  const audio = new Audio(INTRO_SOUND_URL);
  audio.volume = INTRO_SOUND_VOLUME;
  audio.preload = 'auto';
  return audio;
}

/**
 * The intro sound: one audio element, never two plays at once. `blocked` turns true when the
 * browser refused every try, and false again once a later try (after a gesture) works.
 */
export function useIntroSound(): { play: () => Promise<void>; blocked: boolean } {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const busy = useRef(false);
  const mounted = useRef(true);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const play = useCallback(async () => {
    if (busy.current) return;
    let audio: HTMLAudioElement;
    try {
      audio = audioRef.current ??= createIntroAudio();
    } catch (error) {
      console.warn('Intro sound is not available', error);
      setBlocked(true);
      return;
    }
    if (!audio.paused && !audio.ended) {
      // Already playing, perhaps muted after a refused autoplay: this gesture may unmute it.
      audio.muted = false;
      return;
    }
    busy.current = true;
    try {
      const outcome = await playWithRetries(audio);
      if (mounted.current) setBlocked(outcome === 'blocked');
    } finally {
      busy.current = false;
    }
  }, []);

  return { play, blocked };
}
