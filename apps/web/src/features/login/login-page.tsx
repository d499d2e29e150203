import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInScreen } from './components/sign-in-screen';
import { useSilentRestore } from './hooks/use-silent-restore';
import { IntroScreen } from './intro/intro-screen';

/**
 * /login: the intro first, then the two-step sign-in. Meanwhile a visitor who is still signed in,
 * or whose device is remembered, is sent on without typing anything.
 */
export function LoginPage() {
  const { t } = useTranslation('login');
  const [introDone, setIntroDone] = useState(false);
  const finishIntro = useCallback(() => setIntroDone(true), []);
  const { restoring } = useSilentRestore();

  useEffect(() => {
    const previous = document.title;
    document.title = `${t('signIn.heading')} · Taxli`;
    return () => {
      document.title = previous;
    };
  }, [t]);

  return introDone ? <SignInScreen restoring={restoring} /> : <IntroScreen onComplete={finishIntro} />;
}
