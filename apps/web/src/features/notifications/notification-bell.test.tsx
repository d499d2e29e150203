import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsFor, yearNotifications } from '@taxli/domain';
import { aUser, json, renderRoutes, setLanguage, stubServer } from '../../test/harness';
import { NotificationBell } from './notification-bell';

const render = () => renderRoutes([{ path: '/', Component: NotificationBell }], { path: '/' });

describe('notification bell', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('counts the open notifications, lists them translated with their action, and closes with Escape', async () => {
    const items = notificationsFor(aUser({ phone: '', subscriptionPlan: null }));
    const server = stubServer({ 'GET /api/notifications': json(200, items) });
    render();
    const bell = await screen.findByRole('button', { name: `Notifications: ${items.length} open` });
    expect(bell).toHaveTextContent(String(items.length));
    expect(server.requests[0]?.headers['X-Taxli-Background']).toBe('1');
    await userEvent.click(bell);
    expect(screen.getByText('Add your phone number')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Phone Number' })).toHaveAttribute('href', '/profile');
    // D14: nobody chooses a plan themselves; the notice leads to the profile's plan section.
    expect(screen.getByText('No subscription plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/profile#plan');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('Add your phone number')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it("tells of the expert's work per year, translated with the year, one item per year", async () => {
    await setLanguage('de');
    const items = yearNotifications([
      { taxYear: 2025, status: 5, unreadExpertMessages: 1, openRequestCategoryIds: [], filedOn: null },
      { taxYear: 2024, status: 4, unreadExpertMessages: 2, openRequestCategoryIds: [22], filedOn: null },
    ]);
    stubServer({ 'GET /api/notifications': json(200, items) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Benachrichtigungen: 4 offen' }));
    expect(screen.getByText('Zu Ihrer Steuererklärung 2025 ist eine Nachricht eingetroffen.')).toBeInTheDocument();
    expect(screen.getByText('Zu Ihrer Steuererklärung 2024 ist eine Nachricht eingetroffen.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Dokument hochladen' })).toHaveAttribute('href', '/?year=2024#document-requests');
    expect(screen.getByRole('link', { name: 'Erklärung prüfen' })).toHaveAttribute('href', '/?year=2025');
  });

  it('shows 9+ above nine', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: `extra-${i}`,
      title: `Note ${i}`,
      description: 'd',
      category: 'profile',
      priority: 'low',
      actionUrl: '/profile',
      actionText: 'Go',
    }));
    stubServer({ 'GET /api/notifications': json(200, many) });
    render();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications: 12 open' })).toHaveTextContent('9+'));
  });

  it("shows a notice this build has no texts for with the server's English texts and link, in any language, the same id twice too", async () => {
    await setLanguage('de');
    // Ids of a newer server (issue 27 adds some; these stand for any this build does not know).
    const notice = (title: string) => ({
      id: 'from-a-newer-server',
      title,
      description: 'Your expert asks for a document.',
      category: 'documents',
      priority: 'high',
      actionUrl: '/?year=2025#document-requests',
      actionText: 'Open the request',
    });
    stubServer({ 'GET /api/notifications': json(200, [notice('A document is requested'), notice('Another document is requested')]) });
    const reactErrors = vi.spyOn(console, 'error');
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Benachrichtigungen: 2 offen' }));
    expect(screen.getByText('A document is requested')).toBeInTheDocument();
    expect(screen.getByText('Another document is requested')).toBeInTheDocument();
    expect(screen.getAllByText('Your expert asks for a document.')).toHaveLength(2);
    for (const link of screen.getAllByRole('link', { name: 'Open the request' })) expect(link).toHaveAttribute('href', '/?year=2025#document-requests');
    expect(screen.getAllByText(/hohe Priorität/)).toHaveLength(2);
    expect(screen.queryByText(/notifications\./)).not.toBeInTheDocument();
    // Two children with one key would make React mix them up on the next poll.
    expect(reactErrors.mock.calls.flat().join(' ')).not.toMatch(/same key/);
    reactErrors.mockRestore();
  });
});
