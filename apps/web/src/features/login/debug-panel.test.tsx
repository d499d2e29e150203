import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, clearToasts, json, setLanguage } from '../../test/harness';
import { renderSignInForm, stubAudio, stubLoginServer } from './test-utils';

const DEBUG_ON = { 'GET /api/config': json(200, { debugTools: true, version: '0.1.0' }) };

function pressDebugHotkey() {
  fireEvent.keyDown(window, { key: 'D', code: 'KeyD', ctrlKey: true, shiftKey: true });
}

const panel = () => screen.queryByRole('region', { name: 'Debug tools' });

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

describe('debug panel', () => {
  it('toggles with Ctrl+Shift+D when the server offers debug tools', async () => {
    const server = stubLoginServer(DEBUG_ON);
    await renderSignInForm();
    await vi.waitFor(() => expect(server.calls('GET', '/api/config')).toHaveLength(1));
    expect(panel()).not.toBeInTheDocument();

    await vi.waitFor(() => {
      pressDebugHotkey();
      expect(panel()).toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Log in as user 1' })).toHaveFocus();
    pressDebugHotkey();
    expect(panel()).not.toBeInTheDocument();
  });

  it('stays hidden without debug tools, and when the config cannot be read', async () => {
    for (const config of [json(200, { debugTools: false, version: '0.1.0' }), apiError(500, 'INTERNAL_ERROR', 'boom')]) {
      const server = stubLoginServer({ 'GET /api/config': config });
      const view = await renderSignInForm();
      await vi.waitFor(() => expect(server.calls('GET', '/api/config')).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      pressDebugHotkey();
      expect(panel()).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('logs in as user 1, shows the e-mail and goes home', async () => {
    const server = stubLoginServer({
      ...DEBUG_ON,
      'GET /api/debug/login-as/1': json(200, { success: true, user: { id: 2, email: 'fallback@example.ch', isProfileComplete: true, isAdmin: false } }),
    });
    await renderSignInForm();
    await vi.waitFor(() => {
      pressDebugHotkey();
      expect(panel()).toBeInTheDocument();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Log in as user 1' }));
    expect(await screen.findByText('Home page at /')).toBeInTheDocument();
    expect(screen.getByText('Signed in as fallback@example.ch')).toBeInTheDocument();
    expect(server.calls('GET', '/api/debug/login-as/1')).toHaveLength(1);
  });

  it('shows "Debug Login Failed" when the debug login is refused', async () => {
    stubLoginServer({ ...DEBUG_ON, 'GET /api/debug/login-as/1': apiError(404, 'NOT_FOUND', 'No such user') });
    await renderSignInForm();
    await vi.waitFor(() => {
      pressDebugHotkey();
      expect(panel()).toBeInTheDocument();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Log in as user 1' }));
    expect(await screen.findByText('Debug Login Failed')).toBeInTheDocument();
    expect(screen.getByText('No such user')).toBeInTheDocument();
    expect(screen.queryByText(/Home page/)).not.toBeInTheDocument();
  });
});
