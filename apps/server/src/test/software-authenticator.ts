import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponseBody, PasskeyCreationOptions, PasskeyRequestOptions, RegistrationResponseBody } from '@taxli/domain';

/**
 * A passkey authenticator in software (issue 30): a P-256 key made with node:crypto, and the
 * registration (attestation 'none') and assertion answers a browser would send, built byte by byte
 * as WebAuthn §6.1 lays them out. Each answer is what a real authenticator records, made
 * reproducible; tests bend one part of it (origin, RP ID, counter) to see it refused.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface SoftwareAuthenticatorOptions {
  origin: string;
  rpId: string;
  /** A synced passkey (backup eligible and backed up) or a device-bound one. */
  backedUp?: boolean;
}

export interface Bend {
  origin?: string;
  rpId?: string;
  /** The signature counter to claim instead of the next one. */
  counter?: number;
  /** 'webauthn.create' or 'webauthn.get' by default. */
  type?: string;
  challenge?: string;
}

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** An authenticator's credential as a file keeps it, to be restored (the e2e admin across test runs). */
export interface SavedCredential {
  /** PKCS #8 DER, base64. */
  privateKey: string;
  credentialId: string;
  userHandle: string | undefined;
  counter: number;
}

export class SoftwareAuthenticator {
  readonly credentialId: Buffer;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private userHandle: string | undefined;
  /** The counter of the last answer; each assertion claims the next one unless told otherwise. */
  counter = 0;

  constructor(
    private readonly options: SoftwareAuthenticatorOptions,
    saved?: SavedCredential,
  ) {
    if (saved) {
      this.privateKey = createPrivateKey({ key: Buffer.from(saved.privateKey, 'base64'), format: 'der', type: 'pkcs8' });
      this.publicKey = createPublicKey(this.privateKey);
      this.credentialId = Buffer.from(isoBase64URL.toBuffer(saved.credentialId));
      this.userHandle = saved.userHandle;
      this.counter = saved.counter;
    } else {
      ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }));
      this.credentialId = randomBytes(16);
    }
  }

  save(): SavedCredential {
    const privateKey = this.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    return { privateKey, credentialId: this.id, userHandle: this.userHandle, counter: this.counter };
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private flags(extra: number): number {
    return FLAG_UP | FLAG_UV | (this.options.backedUp ? FLAG_BE | FLAG_BS : 0) | extra;
  }

  private clientData(type: string, challenge: string, bend: Bend): Buffer {
    return Buffer.from(JSON.stringify({ type: bend.type ?? type, challenge: bend.challenge ?? challenge, origin: bend.origin ?? this.options.origin, crossOrigin: false }));
  }

  /** The COSE form of the public key (EC2, ES256). */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }

  /** navigator.credentials.create() answered, as `credential.toJSON()` gives it. */
  register(options: PasskeyCreationOptions, bend: Bend = {}): RegistrationResponseBody {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(bend.rpId ?? this.options.rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      u32(this.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestation = new Map<string, string | Map<string, string> | Uint8Array>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, bend)), attestationObject: b64(attestationObject), transports: ['internal'] },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() answered: signed over authenticatorData ‖ SHA-256(clientDataJSON). */
  assert(options: PasskeyRequestOptions, bend: Bend = {}): AuthenticationResponseBody {
    const counter = bend.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const authData = Buffer.concat([sha256(bend.rpId ?? this.options.rpId), Buffer.from([this.flags(0)]), u32(counter)]);
    const clientData = this.clientData('webauthn.get', options.challenge, bend);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
