import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, setLanguage, stubServer } from '../../../test/harness';
import { PasskeysSection } from './passkeys-section';

const PHONE = { id: 7, name: 'Phone', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null };

function renderSection() {
  stubServer({ 'GET /api/auth/passkeys': json(200, { passkeys: [PHONE] }) });
  return renderRoutes([{ path: '/profile', Component: PasskeysSection }], { path: '/profile' });
}

describe('the profile’s passkeys', () => {
  beforeEach(async () => {
    await setLanguage('en');
    // Chromium has WebAuthn; jsdom does not: the add form shows only where a passkey can be made.
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    window.sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a name being typed, new or a rename, when the page is left and opened again', async () => {
    const first = renderSection();
    await userEvent.type(await screen.findByLabelText('Name of the new passkey'), 'Laptop at work');
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const rename = screen.getByLabelText('Rename');
    await userEvent.clear(rename);
    await userEvent.type(rename, 'Old phone');
    first.unmount();

    renderSection();
    expect(await screen.findByLabelText('Name of the new passkey')).toHaveValue('Laptop at work');
    expect(await screen.findByLabelText('Rename')).toHaveValue('Old phone');
  });

  it('asks in the app’s own dialog before it removes a passkey; Cancel keeps it', async () => {
    const server = stubServer({
      'GET /api/auth/passkeys': json(200, { passkeys: [PHONE] }),
      'DELETE /api/auth/passkeys/7': json(200, { success: true }),
    });
    renderRoutes([{ path: '/profile', Component: PasskeysSection }], { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the passkey “Phone”? It can then no longer be used to sign in.' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('DELETE', '/api/auth/passkeys/7')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
    expect(server.calls('DELETE', '/api/auth/passkeys/7')).toHaveLength(1);
  });
});
