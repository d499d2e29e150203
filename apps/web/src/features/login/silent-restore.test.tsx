import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage-keys';
import { apiError, clearToasts, json, setLanguage } from '../../test/harness';
import { renderLoginPage, stubAudio, stubLoginServer } from './test-utils';

const restored = (isProfileComplete: boolean) =>
  json(200, { success: true, user: { id: 3, email: 'beat@example.ch', isProfileComplete, isAdmin: false } });

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

/** Waits until the page has asked the server whether the visitor is signed in, and what followed. */
async function arrivalSettled(server: ReturnType<typeof stubLoginServer>) {
  await vi.waitFor(() => expect(server.calls('GET', '/api/debug/check-auth')).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('silent restore', () => {
  it('restores a remembered device with the last e-mail and goes home, without waiting for the intro', async () => {
    window.localStorage.setItem(storageKeys.lastEmail, 'beat@example.ch');
    const server = stubLoginServer({ 'POST /api/auth/quick-restore': restored(true) });
    renderLoginPage();
    expect(await screen.findByText('Home page at /')).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/quick-restore')[0]?.body).toEqual({ email: 'beat@example.ch' });
  });

  it('sends a restored user with an incomplete profile to the first-time profile', async () => {
    window.localStorage.setItem(storageKeys.lastEmail, 'beat@example.ch');
    stubLoginServer({ 'POST /api/auth/quick-restore': restored(false) });
    renderLoginPage();
    expect(await screen.findByText('Profile page at /profile?firstTime=true')).toBeInTheDocument();
  });

  it('does not try after a manual logout', async () => {
    window.localStorage.setItem(storageKeys.lastEmail, 'beat@example.ch');
    window.localStorage.setItem(storageKeys.loggedOut, '1');
    const server = stubLoginServer({ 'POST /api/auth/quick-restore': restored(true) });
    renderLoginPage();
    await arrivalSettled(server);
    expect(server.calls('POST', '/api/auth/quick-restore')).toHaveLength(0);
    expect(screen.queryByText(/Home page/)).not.toBeInTheDocument();
  });

  it('does not try without a stored e-mail', async () => {
    const server = stubLoginServer({ 'POST /api/auth/quick-restore': restored(true) });
    renderLoginPage();
    await arrivalSettled(server);
    expect(server.calls('POST', '/api/auth/quick-restore')).toHaveLength(0);
  });

  it('stays silently on the login page when the device is not remembered', async () => {
    window.localStorage.setItem(storageKeys.lastEmail, 'beat@example.ch');
    const server = stubLoginServer({ 'POST /api/auth/quick-restore': apiError(401, 'UNAUTHENTICATED', 'Please log in') });
    renderLoginPage();
    await vi.waitFor(() => expect(server.calls('POST', '/api/auth/quick-restore')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Skip intro' }));
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Verification failed')).not.toBeInTheDocument();
  });

  it('sends a visitor who is still signed in straight home, without a restore', async () => {
    window.localStorage.setItem(storageKeys.lastEmail, 'beat@example.ch');
    const server = stubLoginServer({
      'GET /api/debug/check-auth': json(200, { isAuthenticated: true, success: true, userId: 3, email: 'beat@example.ch', isAdmin: false }),
      'POST /api/auth/quick-restore': restored(true),
    });
    renderLoginPage();
    expect(await screen.findByText('Home page at /')).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/quick-restore')).toHaveLength(0);
  });
});
