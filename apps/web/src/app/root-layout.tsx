import { Outlet } from 'react-router';
import { useCheckAuthPolling, useCheckAuth } from './session/api/get-check-auth';
import { PleaseWaitOverlay } from './session/please-wait-overlay';
import { SessionExpiredDialog } from './session/session-expired-dialog';
import { useSessionExpiry } from './session/use-session-expiry';

/** Every page: the page itself plus the session watcher (check every 60 s, session-expired dialog). */
export function RootLayout() {
  useCheckAuth();
  useCheckAuthPolling();
  const expiry = useSessionExpiry();
  return (
    <>
      {/* inert: while waiting for the redirect nothing behind the overlay can be used, by mouse or keyboard. */}
      <div className="min-h-full" inert={expiry.waiting || undefined}>
        <Outlet />
      </div>
      {expiry.waiting && <PleaseWaitOverlay />}
      <SessionExpiredDialog open={expiry.dialogOpen} onCancel={expiry.cancel} onLogIn={expiry.logIn} />
    </>
  );
}
