import { createHash } from 'node:crypto';
import { decodeAttestationObject, isoBase64URL, parseAuthenticatorData } from '@simplewebauthn/server/helpers';
import { AppError } from '../../lib/app-error.js';

/**
 * Reads what an authenticator's answer claims before the library checks the signature, so that a
 * refusal can say exactly why (wrong site, wrong RP ID, old challenge) with its own error code.
 * Nothing here is trusted on its own: the signature check follows in any case.
 */

export interface ClientData {
  type: string;
  challenge: string;
  origin: string;
}

const malformed = (what: string) => new AppError(400, 'PASSKEY_VERIFICATION_FAILED', `The passkey answer is malformed (${what})`);

export function readClientData(clientDataJSON: string): ClientData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
  } catch {
    throw malformed('clientDataJSON');
  }
  const data = parsed as Partial<Record<keyof ClientData, unknown>> | null;
  if (!data || typeof data.type !== 'string' || typeof data.challenge !== 'string' || typeof data.origin !== 'string') {
    throw malformed('clientDataJSON');
  }
  return { type: data.type, challenge: data.challenge, origin: data.origin };
}

export interface AuthenticatorFacts {
  rpIdHash: Uint8Array;
  counter: number;
}

function facts(authData: Uint8Array<ArrayBuffer>): AuthenticatorFacts {
  try {
    const parsed = parseAuthenticatorData(authData);
    return { rpIdHash: parsed.rpIdHash, counter: parsed.counter };
  } catch {
    throw malformed('authenticatorData');
  }
}

export function readAssertionAuthenticatorData(authenticatorData: string): AuthenticatorFacts {
  return facts(isoBase64URL.toBuffer(authenticatorData));
}

export function readAttestationAuthenticatorData(attestationObject: string): AuthenticatorFacts {
  let authData: Uint8Array<ArrayBuffer>;
  try {
    authData = decodeAttestationObject(isoBase64URL.toBuffer(attestationObject)).get('authData');
  } catch {
    throw malformed('attestationObject');
  }
  return facts(authData);
}

/** The checks of origin and RP ID that come before the signature's, each with its own code. */
export function checkSiteOf(answer: { origin: string; rpIdHash: Uint8Array }, expected: { origin: string; rpId: string }): void {
  if (answer.origin !== expected.origin) {
    throw new AppError(400, 'PASSKEY_ORIGIN_MISMATCH', 'The passkey answer was made for another website');
  }
  const expectedHash = createHash('sha256').update(expected.rpId).digest();
  if (!expectedHash.equals(Buffer.from(answer.rpIdHash))) {
    throw new AppError(400, 'PASSKEY_RP_ID_MISMATCH', 'The passkey belongs to another relying party');
  }
}
