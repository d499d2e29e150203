import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '@taxli/domain';
import { SoftwareAuthenticator, type SavedCredential } from '../../apps/server/src/test/software-authenticator';
import { E2E_ORIGIN, E2E_STATE_DIR } from './environment';

/**
 * Experts and admins need a passkey in their session (issue 30). The e2e administrator has one
 * passkey, a software key kept in the run's state directory (a restarted worker finds it again):
 * its API session answers with it in Node, and its browser sessions get the same credential put
 * into Chromium's virtual authenticator. A new expert adds a passkey of their own in the browser.
 */

const RP_ID = new URL(E2E_ORIGIN).hostname;
const ADMIN_KEY_FILE = join(E2E_STATE_DIR, 'admin-passkey.json');

function adminAuthenticator(): SoftwareAuthenticator {
  const saved = existsSync(ADMIN_KEY_FILE) ? (JSON.parse(readFileSync(ADMIN_KEY_FILE, 'utf8')) as SavedCredential) : undefined;
  return new SoftwareAuthenticator({ origin: E2E_ORIGIN, rpId: RP_ID }, saved);
}

const remember = (authenticator: SoftwareAuthenticator) => writeFileSync(ADMIN_KEY_FILE, JSON.stringify(authenticator.save()));

/** Gives the admin's e-mail code API session its second factor, adding the admin's passkey first if it has none. */
export async function confirmAdminApiSession(context: APIRequestContext): Promise<void> {
  const authenticator = adminAuthenticator();
  if (!existsSync(ADMIN_KEY_FILE)) {
    const options = await context.post('/api/auth/passkeys/register/options');
    expect(options.ok(), `register/options answered ${options.status()}`).toBe(true);
    const added = await context.post('/api/auth/passkeys/register/verify', {
      data: { ...authenticator.register((await options.json()) as PasskeyCreationOptions), name: 'e2e admin' },
    });
    expect(added.ok(), `register/verify answered ${added.status()}`).toBe(true);
    remember(authenticator);
  }
  const options = await context.post('/api/auth/passkeys/login/options');
  const confirmed = await context.post('/api/auth/passkeys/login/verify', { data: authenticator.assert((await options.json()) as PasskeyRequestOptions) });
  expect(confirmed.ok(), `login/verify answered ${confirmed.status()}`).toBe(true);
  remember(authenticator);
}

/** Chromium's virtual authenticator for this page (CTAP2, resident keys, user verification that succeeds). */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** Puts the admin's passkey into this page's virtual authenticator and confirms the sign-in step with it. */
export async function confirmAdminInBrowser(page: Page): Promise<void> {
  const authenticator = adminAuthenticator();
  const saved = authenticator.save();
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  const base64 = (url: string) => Buffer.from(url, 'base64url').toString('base64');
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: base64(saved.credentialId),
      isResidentCredential: true,
      rpId: RP_ID,
      privateKey: saved.privateKey,
      ...(saved.userHandle ? { userHandle: base64(saved.userHandle) } : {}),
      signCount: saved.counter,
    },
  });
  await page.getByRole('button', { name: 'Confirm with passkey' }).click();
  await expect(page.getByRole('button', { name: 'Confirm with passkey' })).toHaveCount(0, { timeout: 10000 });
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  writeFileSync(ADMIN_KEY_FILE, JSON.stringify({ ...saved, counter: credentials[0]?.signCount ?? saved.counter + 1 }));
}

/** A staff member without a passkey: adds one in this browser and confirms the session with it. */
export async function addPasskeyAndConfirm(page: Page): Promise<void> {
  await addVirtualAuthenticator(page);
  await page.getByRole('button', { name: 'Add a passkey and confirm' }).click();
  await expect(page.getByRole('button', { name: 'Add a passkey and confirm' })).toHaveCount(0, { timeout: 10000 });
}
