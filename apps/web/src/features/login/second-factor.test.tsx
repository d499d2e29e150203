import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, json, setLanguage } from '../../test/harness';
import { renderSignInForm, stubAudio, stubLoginServer } from './test-utils';

/** Issue 30: an expert's or admin's e-mail code is followed by a passkey step, not by the app. */
const codeSent = json(200, { message: 'Verification code sent', status: 'pending' });
const staffSignedIn = json(200, {
  success: true,
  user: { id: 3, email: 'erika@taxli.ch', isProfileComplete: true, isAdmin: false, secondFactorRequired: true },
});

beforeEach(async () => {
  await setLanguage('en');
  stubAudio();
  clearToasts();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function signInAsStaff(passkeys: { id: number; name: string; createdAt: string; lastUsedAt: string | null }[]) {
  stubLoginServer({
    'POST /api/auth/request-code': codeSent,
    'POST /api/auth/verify-code': staffSignedIn,
    'GET /api/auth/passkeys': json(200, { passkeys }),
  });
  await renderSignInForm();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), 'erika@taxli.ch');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await user.type(await screen.findByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('the second factor after the e-mail code', () => {
  it('asks a staff member with a passkey to confirm with it, and does not leave the login page', async () => {
    await signInAsStaff([{ id: 1, name: 'Laptop', createdAt: '2026-03-01T10:00:00Z', lastUsedAt: null }]);
    expect(await screen.findByRole('heading', { name: 'Confirm with your passkey' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Confirm with passkey' })).toBeEnabled();
    expect(screen.queryByText('Home page at /')).not.toBeInTheDocument();
  });

  it('guides a staff member without a passkey to add one first', async () => {
    await signInAsStaff([]);
    expect(await screen.findByRole('button', { name: 'Add a passkey and confirm' })).toBeEnabled();
    expect(screen.getByText(/needs a passkey as well as the e-mail code/)).toBeInTheDocument();
  });
});
