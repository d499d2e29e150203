import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsFor, type Notification } from '@taxli/domain';
import { aUser, json, renderRoutes, setLanguage, stubServer } from '../../test/harness';
import { NotificationBell } from './notification-bell';

const render = () => renderRoutes([{ path: '/', Component: NotificationBell }], { path: '/' });

/** Notifications the server might add later: no translation, so the server's text shows. */
const unknownNotes = (count: number): Notification[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `extra-${i}` as Notification['id'],
    title: `Note ${i}`,
    description: 'Server text',
    category: 'profile',
    priority: 'low',
    actionUrl: '/profile',
    actionText: 'Go',
  }));

describe('notification bell', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts the open notifications, lists them translated with priority and action, and closes with Escape', async () => {
    const items = notificationsFor(aUser({ firstName: '', phone: '', subscriptionPlan: null }));
    const server = stubServer({ 'GET /api/notifications': json(200, items) });
    render();
    const bell = await screen.findByRole('button', { name: `Notifications: ${items.length} open` });
    expect(bell).toHaveTextContent(String(items.length));
    await userEvent.click(bell);
    const menu = screen.getByRole('menu', { name: 'Notifications' });
    const entries = within(menu).getAllByRole('menuitem');
    expect(entries.map((entry) => entry.querySelector('span')?.textContent)).toEqual([
      'Add your namehigh priority',
      'Add your phone numbermedium priority',
      'Add your tax addresshigh priority',
      'Complete your tax profilehigh priority',
      'Choose a subscription planmedium priority',
    ]);
    const phone = within(menu).getByRole('menuitem', { name: /Add your phone number/ });
    expect(phone).toHaveAttribute('href', '/profile');
    expect(phone).toHaveTextContent('Add a phone number so that our experts can reach you about your return.Add Phone Number');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    expect(server.calls('GET', '/api/notifications')).toHaveLength(1);
  });

  it('speaks the interface language, and falls back to the server text for an id it does not know', async () => {
    await setLanguage('de');
    const items = [...notificationsFor(aUser({ phone: '' })), ...unknownNotes(1)];
    stubServer({ 'GET /api/notifications': json(200, items) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: `Benachrichtigungen: ${items.length} offen` }));
    expect(screen.getByRole('menuitem', { name: /Telefonnummer ergänzen/ })).toHaveTextContent('Telefonnummer erfassen');
    expect(screen.getByRole('menuitem', { name: /Note 0/ })).toHaveTextContent('Note 0tiefe PrioritätServer textGo');
  });

  it('shows the count up to nine and 9+ above nine', async () => {
    stubServer({ 'GET /api/notifications': json(200, unknownNotes(9)) });
    const nine = render();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications: 9 open' })).toHaveTextContent(/^9$/));
    nine.unmount();
    stubServer({ 'GET /api/notifications': json(200, unknownNotes(12)) });
    render();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications: 12 open' })).toHaveTextContent('9+'));
  });

  it('says so when there is nothing to do, and shows no badge', async () => {
    stubServer({ 'GET /api/notifications': json(200, []) });
    render();
    const bell = await screen.findByRole('button', { name: 'Notifications: 0 open' });
    expect(bell).toHaveTextContent('');
    await userEvent.click(bell);
    expect(screen.getByRole('menuitem', { name: 'Nothing to do right now.' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('asks again every 30 s, each time as a background request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = unknownNotes(1);
    const server = stubServer({ 'GET /api/notifications': () => json(200, answer) });
    render();
    await screen.findByRole('button', { name: 'Notifications: 1 open' });
    answer = unknownNotes(3);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(server.calls('GET', '/api/notifications')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(await screen.findByRole('button', { name: 'Notifications: 3 open' })).toBeInTheDocument();
    const polls = server.calls('GET', '/api/notifications');
    expect(polls).toHaveLength(2);
    expect(polls.every((request) => request.headers['X-Taxli-Background'] === '1')).toBe(true);
  });
});
