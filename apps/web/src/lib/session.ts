import type { QueryClient } from '@tanstack/react-query';
import { routes, BACKGROUND_REQUEST_HEADER, type CheckAuthResponse } from '@taxli/domain';
import { ApiError, callApi } from './api-client';
import { appEvents, emitAppEvent } from './app-events';
import { claimKeptTexts } from './kept-text';
import { queryKeys } from './query-keys';

export const SIGNED_OUT: CheckAuthResponse = {
  isAuthenticated: false,
  success: true,
  userId: null,
  email: null,
  isAdmin: false,
};

export interface SessionCheckOptions {
  signal?: AbortSignal;
  /** A poll: must not keep an idle session alive (D13). */
  background?: boolean;
}

/**
 * GET /api/debug/check-auth, the app's one session check: the root layout's query and 60 s poll,
 * the login page on arrival and every upload ask it here. A 401 from it simply means "signed out".
 */
export async function getSession({ signal, background = false }: SessionCheckOptions = {}): Promise<CheckAuthResponse> {
  try {
    return await callApi(routes.checkAuth, {
      signal,
      headers: background ? { [BACKGROUND_REQUEST_HEADER]: '1' } : undefined,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return SIGNED_OUT;
    throw error;
  }
}

/**
 * The session check of a signed-in app: a session that the last check (the `auth` query) saw alive
 * and that is gone now raises the same session-expired event a 401 raises, so the root layout has
 * one signal to watch.
 */
export async function checkSession(client: QueryClient, options: SessionCheckOptions = {}): Promise<CheckAuthResponse> {
  const before = client.getQueryData<CheckAuthResponse>(queryKeys.auth);
  const after = await getSession(options);
  if (after.isAuthenticated && after.userId !== null) claimKeptTexts(after.userId);
  if (before?.isAuthenticated && !after.isAuthenticated) emitAppEvent(appEvents.sessionExpired);
  return after;
}
