import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** Centred "Loading…" while the session or the user is being checked. */
export function FullPageSpinner() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-screen items-center justify-center gap-3 text-slate-700" role="status">
      <Loader2 aria-hidden className="size-6 animate-spin text-brand-600" />
      <span>{t('loading')}</span>
    </div>
  );
}

/**
 * Something needed for every page could not be loaded: say so and offer a retry instead of
 * pretending to be signed out. Without a title and text, it is the "server unreachable" problem.
 */
export function FullPageProblem({ onRetry, title, children }: { onRetry: () => void; title?: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{title ?? t('session.unreachableTitle')}</h1>
      <p className="max-w-md text-slate-700">{children ?? t('session.unreachable')}</p>
      <Button onClick={onRetry}>{t('actions.retry')}</Button>
    </main>
  );
}
