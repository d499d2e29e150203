import { z } from 'zod';
import {
  checkAuthResponse,
  clientConfigResponse,
  quickRestoreBody,
  requestCodeBody,
  requestCodeResponse,
  successResponse,
  verifyCodeBody,
  verifyCodeResponse,
} from '../api/auth.js';
import { userIdParams } from '../api/admin.js';
import { defineRoute, file, json } from './route.js';

/** The login page's sounds (`focus.wav`, `intro.wav`); any other name is a 404. */
export const audioParams = z.object({ file: z.string() });

/** Sign-in, the session check, the login page's config and sounds (part 1). */
export const authRoutes = {
  requestCode: defineRoute({
    method: 'POST',
    path: '/api/auth/request-code',
    access: 'public',
    summary: 'Sends a one-time sign-in code to the e-mail address',
    body: requestCodeBody,
    response: json(requestCodeResponse),
  }),
  verifyCode: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-code',
    access: 'public',
    summary: 'Signs in with the code; starts the session (cookie)',
    body: verifyCodeBody,
    response: json(verifyCodeResponse),
  }),
  quickRestore: defineRoute({
    method: 'POST',
    path: '/api/auth/quick-restore',
    access: 'public',
    summary: 'Signs in again on a remembered device without a code',
    body: quickRestoreBody,
    response: json(verifyCodeResponse),
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'public',
    summary: 'Ends the session',
    response: json(successResponse),
  }),
  checkAuth: defineRoute({
    method: 'GET',
    path: '/api/debug/check-auth',
    access: 'public',
    summary: 'Whether the caller is signed in (polled; not activity)',
    response: json(checkAuthResponse),
  }),
  loginAs: defineRoute({
    method: 'GET',
    path: '/api/debug/login-as/:userId',
    access: 'public',
    summary: 'Debug sign-in as a user (DEBUG_TOOLS, from this machine only)',
    params: userIdParams,
    response: json(verifyCodeResponse),
  }),
  clientConfig: defineRoute({
    method: 'GET',
    path: '/api/config',
    access: 'public',
    summary: 'Public facts for the login page: debug tools on, server version',
    response: json(clientConfigResponse),
  }),
  audio: defineRoute({
    method: 'GET',
    path: '/api/audio/:file',
    access: 'public',
    summary: "A login page's sound",
    params: audioParams,
    response: file('audio/wav'),
  }),
} as const;
