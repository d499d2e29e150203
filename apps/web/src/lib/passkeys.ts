import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { routes, type PasskeySummary, type VerifyCodeResponse } from '@taxli/domain';
import { callApi } from './api-client';

/**
 * The two WebAuthn ceremonies (issue 30), shared by the login page (sign-in, second factor) and the
 * profile (adding a passkey): ask the server for options, let the browser's authenticator answer,
 * send the answer back. The browser library turns the JSON forms into WebAuthn's binary ones.
 */

/** Whether this browser can use passkeys at all (hides the buttons where it cannot). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Signs in with a passkey, or (signed in by e-mail code) gives this session its second factor. */
export async function signInWithPasskey(): Promise<VerifyCodeResponse> {
  const options = await callApi(routes.passkeyLoginOptions);
  const answer = await startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return callApi(routes.passkeyLoginVerify, { body: answer });
}

/** Adds a passkey with this name to the signed-in account. */
export async function addPasskey(name: string): Promise<PasskeySummary> {
  const options = await callApi(routes.passkeyRegisterOptions);
  const answer = await startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return callApi(routes.passkeyRegisterVerify, { body: { ...answer, name } });
}

/** The browser's own refusal (the person cancelled, timed out, or no authenticator): not a server error. */
export function isCeremonyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || error.name === 'InvalidStateError');
}
