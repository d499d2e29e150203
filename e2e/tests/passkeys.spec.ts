import { expect, test } from '../support/test';
import { newEmail, signInWithProfile, skipIntroIfShown } from '../support/sign-in';
import { lastSubject } from '../support/mailbox';
import { adminContext } from '../support/api';

/**
 * Issue 30: a person adds a passkey in the profile and signs in with it alone. The authenticator is
 * Chromium's virtual one (DevTools protocol, WebAuthn domain): a CTAP2 device with resident keys
 * and user verification that always succeeds, so the real browser ceremony runs without a person.
 */
test('a person adds a passkey in the profile, then signs in with it instead of an e-mail code', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await adminContext(); // the first account is an admin (D4): make sure this one is not the first
  const email = newEmail('passkey');
  await signInWithProfile(page, email);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByLabel('Name of the new passkey').fill('E2E laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('listitem').filter({ hasText: 'E2E laptop' })).toContainText('Never used');
  await expect.poll(() => lastSubject(email), { timeout: 15000 }).toBe('A passkey was added to your Taxli account');
  // The authenticator holds it as a discoverable credential: what sign-in without an address needs.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials.map((c) => c.isResidentCredential)).toEqual([true]);

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await skipIntroIfShown(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  // Signed in without a code: back where the person logged out from (the login page's returnTo).
  await expect(page).toHaveURL(/\/(profile)?$/, { timeout: 10000 });
  await expect.poll(() => lastSubject(email), { timeout: 15000 }).toBe('Your Taxli account was signed in with a passkey');

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem').filter({ hasText: 'E2E laptop' })).toContainText('Last used');
});
