import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { storageKeys } from '../../lib/storage-keys';
import { createQueryClient } from '../../lib/query-client';
import { apiError, clearToasts, json, setLanguage, toastRegion } from '../../test/harness';
import { markIntroSeen } from './intro/intro-seen';
import { FakeAudio, renderLoginPage, renderSignInForm, stubAudio, stubLoginServer } from './test-utils';

const CODE_SENT = json(200, { message: 'Verification code sent', status: 'pending' });
const signedIn = (isProfileComplete: boolean) =>
  json(200, { success: true, user: { id: 7, email: 'anna@example.ch', isProfileComplete, isAdmin: false } });

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

async function requestCodeFor(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  return user;
}

async function reachCodeStep(routes: Parameters<typeof stubLoginServer>[0] = {}) {
  const server = stubLoginServer({ 'POST /api/auth/request-code': CODE_SENT, ...routes });
  const rendered = await renderSignInForm();
  const user = await requestCodeFor('anna@example.ch');
  await screen.findByLabelText('Verification code');
  return { ...rendered, server, user };
}

describe('step one: e-mail', () => {
  it('keeps "Send code" disabled while the field is empty', async () => {
    stubLoginServer();
    await renderSignInForm();
    const send = screen.getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText('E-mail'), 'a');
    expect(send).toBeEnabled();
    await userEvent.clear(screen.getByLabelText('E-mail'));
    expect(send).toBeDisabled();
  });

  it('is an e-mail field with autocomplete, and focusing it fetches the focus sound', async () => {
    stubLoginServer();
    await renderSignInForm();
    const field = screen.getByLabelText('E-mail');
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toHaveAttribute('autocomplete', 'email');
    expect(field).toBeRequired();
    await waitFor(() => expect(FakeAudio.withSrc('/api/audio/focus.wav')[0]?.plays.length).toBeGreaterThan(0));
  });

  it('says "Sending code..." while sending, then moves to the code step with the toast and the check-your-email text', async () => {
    let answer!: (response: Response) => void;
    const server = stubLoginServer({ 'POST /api/auth/request-code': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderSignInForm();
    await requestCodeFor('anna@example.ch');

    expect(await screen.findByRole('button', { name: 'Sending code...' })).toBeDisabled();
    expect(server.calls('POST', '/api/auth/request-code')[0]?.body).toEqual({ email: 'anna@example.ch', language: 'en' });

    answer(CODE_SENT.clone());
    const codeField = await screen.findByLabelText('Verification code');
    await waitFor(() => expect(codeField).toHaveFocus());
    expect(screen.getByText('Code initiated')).toBeInTheDocument();
    expect(screen.getByText('Your code is being generated and will be sent shortly.')).toBeInTheDocument();
    const status = within(screen.getByRole('region', { name: 'Sign in' })).getByRole('status');
    expect(status).toHaveTextContent('Please check your email for the verification code');
    expect(status).toHaveTextContent('anna@example.ch');
  });

  it('explains an invalid address without asking the server', async () => {
    const server = stubLoginServer();
    await renderSignInForm();
    await requestCodeFor('anna.example.ch');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid e-mail address');
    expect(server.calls('POST', '/api/auth/request-code')).toHaveLength(0);
  });

  const failures: Array<[string, () => Response | Promise<Response>, string]> = [
    ['a timeout', () => apiError(408, 'REQUEST_TIMEOUT', 'Timeout'), 'Request timed out. Please try again.'],
    ['rate limiting', () => apiError(429, 'RATE_LIMITED', 'Too many codes'), 'Too many requests. Please wait a few minutes and try again.'],
    ['a code we know', () => apiError(503, 'VERIFICATION_ERROR', 'mail down'), 'The verification code could not be sent. Please try again.'],
    ['a code we do not know', () => apiError(422, 'MAILBOX_FULL', 'The mailbox of this address is full'), 'The mailbox of this address is full'],
    ['an unparseable answer', () => new Response('<html>oops</html>', { status: 200 }), 'Failed to send verification code'],
    ['an error without a body', () => new Response('', { status: 502 }), 'Failed to send verification code'],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to connect to verification service'],
  ];

  it.each(failures)('on %s shows the right message once, in the toast, and keeps the address', async (_, answer, message) => {
    stubLoginServer({ 'POST /api/auth/request-code': answer });
    await renderSignInForm();
    await requestCodeFor('anna@example.ch');

    const toastTitle = await within(toastRegion()).findByText('Verification failed');
    expect(toastTitle.parentElement).toHaveTextContent(message);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByText(message, { exact: false, ignore: '[role="status"] *, [role="status"]' })).toHaveLength(1);
    expect(screen.getByLabelText('E-mail')).toHaveValue('anna@example.ch');
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
  });
});

describe('step two: code', () => {
  it('keeps "Verify" disabled while empty and strips everything but digits', async () => {
    const { user } = await reachCodeStep();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    const field = screen.getByLabelText('Verification code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(field, 'ab12 3-4c567');
    expect(field).toHaveValue('123456');
    expect(verify).toBeEnabled();
  });

  it('asks for six digits before calling the server', async () => {
    const { user, server } = await reachCodeStep();
    await user.type(screen.getByLabelText('Verification code'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the 6-digit code.');
    expect(server.calls('POST', '/api/auth/verify-code')).toHaveLength(0);
  });

  it('signs in: says "Verifying...", remembers the address, refreshes the session and goes home', async () => {
    let answer!: (response: Response) => void;
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.auth, { isAuthenticated: false });
    queryClient.setQueryData(queryKeys.user(), { id: 0 });
    window.localStorage.setItem(storageKeys.loggedOut, '1');
    const server = stubLoginServer({
      'POST /api/auth/request-code': CODE_SENT,
      'POST /api/auth/verify-code': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await renderSignInForm({ queryClient });
    const user = await requestCodeFor('anna@example.ch');
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(server.calls('POST', '/api/auth/verify-code')[0]?.body).toEqual({
      email: 'anna@example.ch',
      code: '123456',
      rememberDevice: false,
    });
    answer(signedIn(true));

    expect(await screen.findByText('Home page at /')).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.lastEmail)).toBe('anna@example.ch');
    expect(window.localStorage.getItem(storageKeys.loggedOut)).toBeNull();
    expect(queryClient.getQueryState(queryKeys.auth)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.user())?.isInvalidated).toBe(true);
  });

  it('sends a user with an incomplete profile to /profile?firstTime=true', async () => {
    const { user } = await reachCodeStep({ 'POST /api/auth/verify-code': signedIn(false) });
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Profile page at /profile?firstTime=true')).toBeInTheDocument();
  });

  it('remembers the device only when the person ticks the box, which starts unticked', async () => {
    const { user, server } = await reachCodeStep({ 'POST /api/auth/verify-code': signedIn(true) });
    const box = screen.getByRole('checkbox', { name: 'Keep me signed in on this device for 30 days' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Home page at /');
    expect(server.calls('POST', '/api/auth/verify-code')[0]?.body).toMatchObject({ rememberDevice: true });
  });

  const failures: Array<[string, Response, string]> = [
    ['INVALID_CODE', apiError(401, 'INVALID_CODE', 'Invalid verification code'), 'Invalid or expired verification code. Please check the code or request a new one.'],
    ['CODE_EXPIRED', apiError(401, 'CODE_EXPIRED', 'expired'), 'This code has expired. Please request a new code.'],
    ['TOO_MANY_ATTEMPTS', apiError(429, 'TOO_MANY_ATTEMPTS', 'too many'), 'Too many incorrect attempts. Please request a new code.'],
    ['an unreadable answer', new Response('', { status: 500 }), 'Invalid verification code'],
  ];

  it.each(failures)('on %s shows the message in the toast and at the code field, and keeps the typed code', async (_, response, message) => {
    const { user } = await reachCodeStep({ 'POST /api/auth/verify-code': response });
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect((await within(toastRegion()).findByText('Verification failed')).parentElement).toHaveTextContent(message);
    const field = screen.getByLabelText('Verification code');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field).toHaveValue('654321');
    expect(field).toHaveFocus();
    expect(screen.queryByText(/Home page/)).not.toBeInTheDocument();
  });

  it('says at the field how many tries are left, and keeps it until the code changes (issue 28)', async () => {
    const { user } = await reachCodeStep({
      'POST /api/auth/verify-code': json(401, { error: { code: 'INVALID_CODE', message: 'Invalid', attemptsLeft: 2 } }),
    });
    const field = screen.getByLabelText('Verification code');
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('2 tries left, then you need a new code.'));
    // Still there long after the toast's 5 seconds would be over: only a change of the code clears it.
    await user.click(screen.getByRole('checkbox', { name: 'Keep me signed in on this device for 30 days' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '{Backspace}');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining('tries left'));
  });

  it('says the last try and "no tries left" in German', async () => {
    await setLanguage('de');
    let left = 1;
    const server = stubLoginServer({
      'POST /api/auth/request-code': CODE_SENT,
      'POST /api/auth/verify-code': () => json(401, { error: { code: 'INVALID_CODE', message: 'Invalid', attemptsLeft: left } }),
    });
    markIntroSeen();
    renderLoginPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-Mail'), 'anna@example.ch');
    await user.click(screen.getByRole('button', { name: 'Code senden' }));
    const field = await screen.findByLabelText('Bestätigungscode');
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('Noch 1 Versuch, danach brauchen Sie einen neuen Code.')));

    left = 0;
    await user.type(field, '{Backspace}0');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('Mit diesem Code bleiben keine Versuche')));
    expect(server.calls('POST', '/api/auth/verify-code')).toHaveLength(2);
  });

  it('"Request new code" returns to step one with the address kept', async () => {
    const { user } = await reachCodeStep();
    await user.click(screen.getByRole('button', { name: 'Request new code' }));
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue('anna@example.ch');
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('goes back to the page the session watcher came from', async () => {
    stubLoginServer({ 'POST /api/auth/request-code': CODE_SENT, 'POST /api/auth/verify-code': signedIn(true) });
    await renderSignInForm({ path: '/login?returnTo=%2Ffile-history%3Fyear%3D2025' });
    const user = await requestCodeFor('anna@example.ch');
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Other page at /file-history?year=2025')).toBeInTheDocument();
  });
});

describe('the rest of the screen', () => {
  it('lists the product promises and links the legal pages', async () => {
    stubLoginServer();
    await renderSignInForm();
    const features = within(screen.getByRole('region', { name: 'Why Taxli' })).getAllByRole('listitem');
    expect(features.map((item) => item.textContent)).toEqual([
      'AI-powered tax form identification',
      'Encrypted document storage',
      'Multilingual support with fair and transparent pricing',
      'Compliant with Swiss data-protection law',
      'Mobile-friendly access',
      'Intelligent file organisation',
      '15% more tax refunds from AI analysis plus expert experience',
    ]);
    const legal = within(screen.getByRole('navigation', { name: 'Legal information' }));
    expect(legal.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    expect(legal.getByRole('link', { name: 'Data protection' })).toHaveAttribute('href', '/data-protection');
    expect(legal.getByRole('link', { name: 'Cookies' })).toHaveAttribute('href', '/cookies');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Smart tax savings');
  });
});
