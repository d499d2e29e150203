import { useQueryClient } from '@tanstack/react-query';
import { Bug, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useDebugLoginAs } from '../api/debug-login-as';

const DEBUG_USER_ID = 1;

/** Developer sign-in (DEBUG_TOOLS only): log in as user 1, or user 2 when 1 does not exist. */
export function DebugPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['login', 'errors']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const loginAs = useDebugLoginAs();
  const firstButton = useRef<HTMLButtonElement>(null);

  useEffect(() => firstButton.current?.focus(), []);

  const logIn = () =>
    loginAs.mutate(DEBUG_USER_ID, {
      onSuccess: (answer) => {
        // The panel closes with the navigation; the toast keeps showing who is signed in.
        toast({ title: t('debug.loggedInAs', { email: answer.user.email }), variant: 'success' });
        void queryClient.invalidateQueries({ queryKey: queryKeys.auth });
        void queryClient.invalidateQueries({ queryKey: queryKeys.user() });
        void navigate('/', { replace: true });
      },
      onError: (error) => {
        toast({ title: t('toast.debugLoginFailed'), description: debugErrorText(error, t('errors:fallback.unknown')), variant: 'destructive' });
      },
    });

  return (
    <section
      aria-labelledby="debug-heading"
      className="fixed bottom-4 left-4 z-20 w-72 rounded-lg border-2 border-amber-500 bg-white p-4 text-slate-900 shadow-2xl"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="debug-heading" className="flex items-center gap-2 text-base font-semibold">
          <Bug aria-hidden className="size-4 text-amber-700" />
          {t('debug.heading')}
        </h2>
        <button type="button" aria-label={t('debug.close')} onClick={onClose} className="rounded p-1 hover:bg-slate-100">
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <p className="mt-1 text-xs text-slate-600">{t('debug.hint')}</p>
      <Button ref={firstButton} className="mt-3 w-full" onClick={logIn} disabled={loginAs.isPending}>
        {loginAs.isPending ? t('debug.loggingIn') : t('debug.loginAs')}
      </Button>
      <p role="status" className="mt-2 text-sm text-slate-700">
        {loginAs.data && t('debug.loggedInAs', { email: loginAs.data.user.email })}
      </p>
    </section>
  );
}

/** Debug tools are for developers: the server's own words help them most. */
function debugErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message.trim() ? error.message : fallback;
}
