import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Backdrop } from '../components/backdrop';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { IntroLogo } from './intro-logo';
import { useFirstPress } from './use-first-press';
import { useIntroPhases } from './use-intro-phases';
import { useIntroSound } from './use-intro-sound';

/**
 * The full-screen intro (part 1 §2): title and slogan, the logo after 2 s, settled after 4 s,
 * done after 6 s. A press anywhere plays the sound; "Skip intro" (or Escape) ends it at once.
 */
export function IntroScreen({ onComplete }: { onComplete: () => void }) {
  const { t } = useTranslation('login');
  const phase = useIntroPhases(onComplete);
  const { play, blocked } = useIntroSound();
  const reducedMotion = usePrefersReducedMotion();
  const skipRef = useRef<HTMLButtonElement>(null);
  const playSound = () => void play();

  useFirstPress(playSound, skipRef);

  useEffect(() => {
    if (phase === 'logo') void play();
  }, [phase, play]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onComplete();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onComplete]);

  return (
    <main
      data-testid="intro"
      data-phase={phase}
      onClick={playSound}
      className="fixed inset-0 z-30 flex cursor-pointer flex-col items-center justify-center overflow-hidden bg-brand-900 px-6 text-white"
    >
      <Backdrop />
      <button
        ref={skipRef}
        type="button"
        onClick={(event) => {
          event.stopPropagation();
          onComplete();
        }}
        className="absolute top-4 right-4 rounded-md border border-white/70 bg-brand-900/60 px-4 py-2 text-sm font-medium text-white hover:bg-brand-900 focus-visible:ring-2 focus-visible:ring-white"
      >
        {t('intro.skip')}
      </button>
      <div className="relative flex flex-col items-center gap-4 text-center">
        <div className="flex h-36 items-center justify-center">
          {phase !== 'text' && (
            <IntroLogo phase={phase} pulsing={blocked} reducedMotion={reducedMotion} onActivate={playSound} />
          )}
        </div>
        <h1 className="text-5xl font-bold tracking-tight sm:text-6xl">{t('intro.title')}</h1>
        <p className="text-xl text-blue-100 sm:text-2xl">{t('intro.slogan')}</p>
      </div>
    </main>
  );
}
