import { useEffect, useRef, useState } from 'react';

/** text: title and slogan; logo: the large logo flashes in; settled: the logo at its normal size. */
export type IntroPhase = 'text' | 'logo' | 'settled';

/** Part 1 §9: each phase lasts 2 s, and completion follows 2 s after the last one. */
export const INTRO_STEP_MS = 2000;

export function useIntroPhases(onComplete: () => void): IntroPhase {
  const [phase, setPhase] = useState<IntroPhase>('text');
  const complete = useRef(onComplete);
  useEffect(() => {
    complete.current = onComplete;
  });

  useEffect(() => {
    const timers = [
      setTimeout(() => setPhase('logo'), INTRO_STEP_MS),
      setTimeout(() => setPhase('settled'), 2 * INTRO_STEP_MS),
      setTimeout(() => complete.current(), 3 * INTRO_STEP_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, []);

  return phase;
}
