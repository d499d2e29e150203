import { z } from 'zod';
import { databaseId } from './database-id.js';

/**
 * Passkeys (issue 30): the WebAuthn JSON forms the browser's `parseCreationOptionsFromJSON`,
 * `parseRequestOptionsFromJSON` and `credential.toJSON()` use, checked as far as their shape; the
 * server checks their content (signature, origin, RP ID, counter) itself.
 */

/** How a session was authenticated; experts and admins need a passkey in it (the second factor). */
export const SESSION_AUTH_METHODS = ['email-code', 'passkey', 'email-code+passkey'] as const;
export type SessionAuthMethod = (typeof SESSION_AUTH_METHODS)[number];

/** Minutes a WebAuthn challenge can be answered, once. */
export const PASSKEY_CHALLENGE_TTL_MINUTES = 5;
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** base64url without padding, as WebAuthn's JSON forms write bytes. */
const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, 'Not base64url');

/** The extensions' outputs: an object the server does not read (no extension is asked for). */
const extensionResults = z.custom<object>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'Not an object').optional();
const transports = z.array(z.string().max(32)).max(10).optional();

export const passkeyNameSchema = z.string().trim().min(1, 'Name is required').max(PASSKEY_NAME_MAX_LENGTH, 'Name is too long');

/** RegistrationResponseJSON, and the name the person gives the new passkey. */
export const registrationResponseBody = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(32_768).optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
  name: passkeyNameSchema.optional(),
});
export type RegistrationResponseBody = z.input<typeof registrationResponseBody>;

/** AuthenticationResponseJSON. */
export const authenticationResponseBody = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(32_768),
    signature: base64url(4096),
    userHandle: base64url(1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});
export type AuthenticationResponseBody = z.input<typeof authenticationResponseBody>;

interface CredentialDescriptorJSON {
  id: string;
  type: string;
  transports?: string[];
}

/** PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3). */
export interface PasskeyCreationOptions {
  rp: { name: string; id?: string };
  user: { id: string; name: string; displayName: string };
  challenge: string;
  pubKeyCredParams: { alg: number; type: string }[];
  timeout?: number;
  excludeCredentials?: CredentialDescriptorJSON[];
  authenticatorSelection?: { authenticatorAttachment?: string; residentKey?: string; requireResidentKey?: boolean; userVerification?: string };
  hints?: string[];
  attestation?: string;
  extensions?: object;
}

/** PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3). */
export interface PasskeyRequestOptions {
  challenge: string;
  timeout?: number;
  rpId?: string;
  allowCredentials?: CredentialDescriptorJSON[];
  userVerification?: string;
  hints?: string[];
  extensions?: object;
}

export const passkeySummary = z.strictObject({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;

export const passkeyListResponse = z.strictObject({ passkeys: z.array(passkeySummary) });
export type PasskeyListResponse = z.infer<typeof passkeyListResponse>;

export const passkeyIdParams = z.object({ id: databaseId(z.coerce.number({ error: 'The passkey id must be a number' }), 'The passkey id') });
export const renamePasskeyBody = z.object({ name: passkeyNameSchema });
