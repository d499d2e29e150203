import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useCheckAuthPolling, useCheckAuth } from './session/api/get-check-auth';
import { PleaseWaitOverlay } from './session/please-wait-overlay';
import { useSessionExpiry } from './session/use-session-expiry';
import { usePageTitle } from './page-title';
import { usePageChange } from './page-change/use-page-change';

// Loaded when a session ends, not with every page (the login page's JavaScript budget).
const SessionExpiredDialog = lazy(async () => ({
  default: (await import('./session/session-expired-dialog')).SessionExpiredDialog,
}));

/**
 * Every page: the page itself plus the session watcher (check every 60 s, session-expired dialog),
 * and what a page change brings (title, toasts, focus).
 */
export function RootLayout() {
  useCheckAuth();
  useCheckAuthPolling();
  usePageTitle();
  usePageChange();
  const expiry = useSessionExpiry();
  return (
    <>
      {/* inert: while waiting for the redirect nothing behind the overlay can be used, by mouse or keyboard. */}
      <div className="min-h-full" inert={expiry.waiting || undefined}>
        {/* A text namespace a page did not preload suspends it until it arrives (see router.tsx). */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </div>
      {expiry.waiting && <PleaseWaitOverlay />}
      {expiry.dialogOpen && (
        <Suspense fallback={null}>
          <SessionExpiredDialog open onCancel={expiry.cancel} onLogIn={expiry.logIn} />
        </Suspense>
      )}
    </>
  );
}
