import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Part 1 §9: once shown, the loading overlay stays at least 500 ms, so it never just flickers. */
export const LOADING_MINIMUM_MS = 500;

/**
 * True while `loading`, and for at least `minimumMs` from the moment loading began. Data that is
 * already there (e.g. a year seen before) shows no overlay at all.
 */
export function useMinimumLoading(loading: boolean, minimumMs = LOADING_MINIMUM_MS): boolean {
  const [holding, setHolding] = useState(loading);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!loading) return;
    setHolding(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setHolding(false), minimumMs);
  }, [loading, minimumMs]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return loading || holding;
}

/** Covers the dashboard while the year's status, files and categories load. */
export function LoadingOverlay() {
  const { t } = useTranslation('dashboard');
  return (
    <div className="fixed inset-0 z-30 flex items-center justify-center bg-white/80">
      <div role="status" aria-label={t('loadingLabel')} className="flex flex-col items-center gap-3 rounded-lg bg-white p-6 text-slate-800 shadow-lg">
        <LoaderCircle aria-hidden className="size-8 animate-spin text-brand-700 motion-reduce:animate-none" />
        <p>{t('loading')}</p>
      </div>
    </div>
  );
}
