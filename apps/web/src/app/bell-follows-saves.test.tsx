import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsFor, type UserResponse } from '@taxli/domain';
import { ProfilePage } from '../features/profile/profile-page';
import { aUser, clearToasts, json, renderRoutes, setLanguage, signedInCheck, stubServer, toastRegion } from '../test/harness';
import { RootLayout } from './root-layout';
import { SignedInLayout } from './signed-in-layout';

/**
 * The header's bell and the page that clears one of its notices, together as the person sees them:
 * the count follows the save at once, not at the bell's next 30 s poll.
 */
describe('the notification bell after a save', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('drops the missing-phone notice as soon as the profile is saved with a phone number', async () => {
    // Two notices: no phone, tax profile incomplete (the tax address waits for the tax profile's wizard).
    let user: UserResponse = aUser({ phone: '' });
    stubServer({
      'GET /api/debug/check-auth': json(200, signedInCheck()),
      'GET /api/user': () => json(200, user),
      'GET /api/notifications': () => json(200, notificationsFor(user)),
      'PUT /api/user/profile': (request) => {
        user = { ...user, ...(request.body as Partial<UserResponse>) };
        return json(200, user);
      },
    });
    renderRoutes(
      [{ Component: RootLayout, children: [{ Component: SignedInLayout, children: [{ path: '/profile', Component: ProfilePage }] }] }],
      { path: '/profile' },
    );
    expect(await screen.findByRole('button', { name: 'Notifications: 2 open' })).toBeInTheDocument();

    await userEvent.type(await screen.findByLabelText('Phone number'), '079 123 45 67');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await within(toastRegion()).findByText('Profile updated')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications: 1 open' })).toBeInTheDocument();
  });
});
