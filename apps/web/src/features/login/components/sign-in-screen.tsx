import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/ui/language-select';
import { useDebugToolsEnabled } from '../../../lib/client-config';
import { useDebugHotkey } from '../hooks/use-debug-hotkey';
import { Backdrop } from './backdrop';
import { FeatureList } from './feature-list';
import { LoginFooter } from './login-footer';
import { Logo } from '../../../components/ui/logo';
import { SignInCard } from './sign-in-card';
import { AccountDeletedNotice } from './account-deleted-notice';

// Only with the server's DEBUG_TOOLS and Ctrl+Shift+D: never part of the page's first JavaScript.
const DebugPanel = lazy(async () => ({ default: (await import('./debug-panel')).DebugPanel }));

/** The login page after the intro: brand and language on top, sign-in beside the product's promises. */
export function SignInScreen({ restoring, onReplayIntro }: { restoring: boolean; onReplayIntro: () => void }) {
  const { t } = useTranslation('login');
  const debugTools = useDebugToolsEnabled();
  const [debugOpen, setDebugOpen] = useState(false);
  const toggleDebug = useCallback(() => setDebugOpen((open) => !open), []);
  useDebugHotkey(debugTools, toggleDebug);

  return (
    <div className="relative flex min-h-screen flex-col bg-brand-900 text-white">
      <Backdrop />
      <header className="relative flex items-center justify-between gap-4 px-4 py-3 sm:px-8">
        <div className="flex items-center gap-3">
          {/* D16: the intro plays on a first visit only; the logo plays it again on request. */}
          <button
            type="button"
            onClick={onReplayIntro}
            aria-label={t('intro.replay')}
            className="rounded-full focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
          >
            <Logo className="size-12 text-white" />
          </button>
          <span className="text-2xl font-bold tracking-tight">{t('page.homeLabel')}</span>
        </div>
        <div className="rounded-md bg-white text-slate-900 shadow">
          <LanguageSelect />
        </div>
      </header>
      <main className="relative mx-auto grid w-full max-w-6xl flex-1 content-center gap-8 px-4 py-8 sm:px-8 lg:grid-cols-2 lg:gap-x-16">
        <div className="lg:col-start-1 lg:row-start-1">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{t('intro.slogan')}</h1>
          <p className="mt-3 text-lg text-blue-100">{t('page.tagline')}</p>
          <div className="mt-4">
            <AccountDeletedNotice />
          </div>
        </div>
        <SignInCard restoring={restoring} className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-center" />
        <FeatureList className="lg:col-start-1 lg:row-start-2" />
      </main>
      <LoginFooter />
      {debugTools && debugOpen && (
        <Suspense fallback={null}>
          <DebugPanel onClose={() => setDebugOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
