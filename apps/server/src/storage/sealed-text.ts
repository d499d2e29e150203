import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Short personal values sealed before they reach the database (DECISIONS D12: AHV numbers, tax
 * IDs): AES-256-GCM under a key derived from the master key, a fresh nonce each time, and the
 * value's purpose as additional data, so a sealed AHV number cannot be passed off as a tax ID.
 * Stored as `s1.<nonce>.<tag>.<ciphertext>` (base64url).
 */
const VERSION = 's1';

function fieldKey(masterKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'taxli sealed text v1', 32));
}

export function sealText(masterKey: Buffer, purpose: string, value: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', fieldKey(masterKey), nonce);
  cipher.setAAD(Buffer.from(purpose));
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The value, or an error when it was altered, sealed for another purpose or with another key. */
export function openText(masterKey: Buffer, purpose: string, sealed: string): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', fieldKey(masterKey), Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
