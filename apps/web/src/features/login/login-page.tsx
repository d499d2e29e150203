import { useCallback, useState } from 'react';
import { SignInScreen } from './components/sign-in-screen';
import { usePrefersReducedMotion } from './hooks/use-prefers-reduced-motion';
import { useSilentRestore } from './hooks/use-silent-restore';
import { IntroScreen } from './intro/intro-screen';
import { hasSeenIntro, markIntroSeen } from './intro/intro-seen';

/**
 * /login: the two-step sign-in, after the intro on this device's first visit (D16: not after a
 * reload or logout, not with reduced motion; the logo plays it again). Meanwhile a visitor who is
 * still signed in, or whose device is remembered, is sent on without typing anything.
 */
export function LoginPage() {
  const reducedMotion = usePrefersReducedMotion();
  const [introShown, setIntroShown] = useState(() => !hasSeenIntro() && !reducedMotion);
  const finishIntro = useCallback(() => {
    markIntroSeen();
    setIntroShown(false);
  }, []);
  const replayIntro = useCallback(() => setIntroShown(true), []);
  const { restoring } = useSilentRestore();

  return introShown ? <IntroScreen onComplete={finishIntro} /> : <SignInScreen restoring={restoring} onReplayIntro={replayIntro} />;
}
