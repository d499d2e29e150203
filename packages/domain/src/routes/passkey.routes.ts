import {
  authenticationResponseBody,
  passkeyIdParams,
  passkeyListResponse,
  passkeySummary,
  registrationResponseBody,
  renamePasskeyBody,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
} from '../api/passkeys.js';
import { successResponse, verifyCodeResponse } from '../api/auth.js';
import { defineRoute, json } from './route.js';

/** Passkeys (issue 30): add, sign in or confirm the second factor, list, rename, remove. */
export const passkeyRoutes = {
  passkeyRegisterOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/register/options',
    access: 'user',
    summary: 'Creation options (a fresh challenge) for adding a passkey',
    response: json<PasskeyCreationOptions>(),
  }),
  passkeyRegisterVerify: defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/register/verify',
    access: 'user',
    summary: "Checks the authenticator's answer and adds the passkey (audited, mailed)",
    body: registrationResponseBody,
    response: json(passkeySummary),
  }),
  passkeyLoginOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/login/options',
    access: 'public',
    summary: 'Request options (a fresh challenge) for signing in or the second factor',
    response: json<PasskeyRequestOptions>(),
  }),
  passkeyLoginVerify: defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/login/verify',
    access: 'public',
    summary: 'Signs in with a passkey, or adds the second factor to the e-mail code session',
    body: authenticationResponseBody,
    response: json(verifyCodeResponse),
  }),
  passkeyList: defineRoute({
    method: 'GET',
    path: '/api/auth/passkeys',
    access: 'user',
    summary: "The signed-in person's passkeys",
    response: json(passkeyListResponse),
  }),
  passkeyRename: defineRoute({
    method: 'PATCH',
    path: '/api/auth/passkeys/:id',
    access: 'user',
    summary: 'Renames a passkey',
    params: passkeyIdParams,
    body: renamePasskeyBody,
    response: json(passkeySummary),
  }),
  passkeyDelete: defineRoute({
    method: 'DELETE',
    path: '/api/auth/passkeys/:id',
    access: 'user',
    summary: 'Removes a passkey (audited, mailed)',
    params: passkeyIdParams,
    response: json(successResponse),
  }),
} as const;
