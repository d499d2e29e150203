import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import { LogoMark } from '../../../components/ui/logo-mark';
import type { IntroPhase } from './use-intro-phases';

interface IntroLogoProps {
  phase: Exclude<IntroPhase, 'text'>;
  /** The browser refused the sound: the logo pulses to invite a press. */
  pulsing: boolean;
  reducedMotion: boolean;
  onActivate: () => void;
}

const FLASH_MS = 900;

/** The logo of the intro (drawn inline: see LogoMark): large with a flash, then settling to its normal size. A button that plays the sound. */
export function IntroLogo({ phase, pulsing, reducedMotion, onActivate }: IntroLogoProps) {
  const { t } = useTranslation('login');
  const logoRef = useRef<HTMLSpanElement>(null);
  const flashRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const logo = logoRef.current;
    const flash = flashRef.current;
    // jsdom and old browsers have no Web Animations; reduced motion skips the flash.
    if (reducedMotion || !logo || !flash || typeof logo.animate !== 'function') return;
    const animations = [
      logo.animate(
        [
          { opacity: 0, transform: 'scale(0.5)', filter: 'brightness(2.5)' },
          { opacity: 1, transform: 'scale(1.1)', filter: 'brightness(1.6)', offset: 0.45 },
          { opacity: 1, transform: 'scale(1)', filter: 'brightness(1)' },
        ],
        { duration: FLASH_MS, easing: 'ease-out' },
      ),
      flash.animate(
        [
          { opacity: 0, transform: 'scale(0.4)' },
          { opacity: 0.85, transform: 'scale(1.2)', offset: 0.3 },
          { opacity: 0, transform: 'scale(2.2)' },
        ],
        { duration: FLASH_MS, easing: 'ease-out' },
      ),
    ];
    return () => animations.forEach((animation) => animation.cancel());
  }, [reducedMotion]);

  return (
    <button
      type="button"
      aria-label={t('intro.playSound')}
      onClick={(event) => {
        event.stopPropagation();
        onActivate();
      }}
      className="relative rounded-full p-2 focus-visible:ring-2 focus-visible:ring-white"
    >
      <span ref={flashRef} aria-hidden className="absolute inset-0 rounded-full bg-white opacity-0 blur-2xl" />
      <span ref={logoRef} className="relative block">
        <LogoMark
          className={cn(
            phase === 'logo' ? 'size-32' : 'size-20',
            'transition-[width,height] duration-700 ease-out motion-reduce:transition-none',
            pulsing && 'animate-pulse motion-reduce:animate-none',
          )}
        />
      </span>
    </button>
  );
}
