import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueRow } from '@taxli/domain';
import { aUser, apiError, json, renderRoutes, setLanguage, stubServer, type Route } from '../../../test/harness';
import { ExpertQueuePage } from './queue-page';

const now = () => new Date('2026-03-01T10:00:00Z');
const EXPERT = aUser({ id: 5, email: 'eva.expert@example.ch', firstName: 'Eva', lastName: 'Expert', role: 'expert' });

const row = (userId: number, overrides: Partial<QueueRow> = {}): QueueRow => ({
  userId,
  taxYear: 2025,
  firstName: 'Anna',
  lastName: 'Muster',
  email: `person${userId}@example.ch`,
  canton: 'genf',
  status: 4,
  transmittedAt: '2026-02-15T09:30:00.000Z',
  assignee: null,
  openRequests: 0,
  unreadMessages: 0,
  ...overrides,
});

const page = (returns: QueueRow[], nextCursor: string | null = null) => json(200, { returns, nextCursor });
const QUEUE = 'GET /api/expert/returns?assignee=any';

function expertServer(routes: Record<string, Route> = {}) {
  return stubServer({ 'GET /api/user': json(200, EXPERT), [QUEUE]: page([row(42)]), ...routes });
}

const renderQueue = () =>
  renderRoutes(
    [
      { path: '/expert', Component: ExpertQueuePage },
      { path: '/expert/returns/:userId/:taxYear', Component: () => <p>client file</p> },
      { path: '/', Component: () => <p>Home</p> },
    ],
    { path: '/expert', now },
  );

async function openQueue() {
  const view = renderQueue();
  await screen.findByRole('heading', { level: 1, name: 'Expert workspace' });
  await screen.findByRole('table', { name: 'Returns in the queue' });
  return view;
}

const queueCalls = (server: ReturnType<typeof stubServer>) => server.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/expert/returns'));
const cellTexts = (tableRow: HTMLElement) => within(tableRow).getAllByRole('cell').map((cell) => cell.lastElementChild?.textContent);

describe('/expert, the queue', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows Access Denied to a person (neither expert nor admin) and asks the expert API nothing', async () => {
    const server = stubServer({ 'GET /api/user': json(200, aUser()) });
    renderQueue();
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(/This area is for tax experts and administrators only\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    expect(queueCalls(server)).toEqual([]);
  });

  it('shows Access Denied when the server refuses the queue (403), whatever the user record says', async () => {
    expertServer({ [QUEUE]: apiError(403, 'FORBIDDEN', 'Experts only') });
    renderQueue();
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
  });

  it('opens for an admin too (D18)', async () => {
    expertServer({ 'GET /api/user': json(200, aUser({ id: 1, role: 'admin', isAdmin: true })) });
    await openQueue();
  });

  it('lists each return with its name (a link to the client file), e-mail, canton, year, status, transmission day, assignee and counts', async () => {
    expertServer({
      [QUEUE]: page([
        row(42, { openRequests: 2, unreadMessages: 1 }),
        row(43, { firstName: 'Beat', lastName: 'Beispiel', canton: null, status: 5, assignee: { userId: 9, firstName: 'Marco', lastName: 'Rossi' } }),
        row(44, { firstName: 'Carla', lastName: 'Costa', status: 6, taxYear: 2024, assignee: { userId: 5, firstName: 'Eva', lastName: 'Expert' } }),
      ]),
    });
    await openQueue();
    const table = screen.getByRole('table', { name: 'Returns in the queue' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'E-mail',
      'Canton',
      'Tax year',
      'Status',
      'Transmitted',
      'Handled by',
      'Open requests',
      'Unread messages',
    ]);
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Anna Muster' })).toHaveAttribute('href', '/expert/returns/42/2025');
    expect(cellTexts(first!)).toEqual(['person42@example.ch', 'Geneva', '2025', 'Transmitted', '15.02.2026', 'UnassignedTake', '2', '1']);
    expect(cellTexts(second!)).toEqual(['person43@example.ch', 'Not given', '2025', 'Reviewed', '15.02.2026', 'Marco Rossi', '0', '0']);
    expect(within(third!).getByRole('link', { name: 'Carla Costa' })).toHaveAttribute('href', '/expert/returns/44/2024');
    expect(cellTexts(third!)).toEqual(['person44@example.ch', 'Geneva', '2024', 'Completed', '15.02.2026', 'You', '0', '0']);
    // Only a return no one handles can be taken.
    expect(screen.getAllByRole('button', { name: /^Take the return of/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Take the return of Anna Muster, 2025',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('3 returns shown');
  });

  it('names the canton and the status in the interface language', async () => {
    await setLanguage('de');
    expertServer();
    renderQueue();
    const table = await screen.findByRole('table', { name: 'Steuererklärungen in der Warteschlange' });
    const [, first] = within(table).getAllByRole('row');
    expect(cellTexts(first!).slice(1, 5)).toEqual(['Genf', '2025', 'Übermittelt', '15.02.2026']);
  });

  it('asks the server with each filter: status, tax year and who handles it', async () => {
    const server = expertServer({
      'GET /api/expert/returns?status=5&assignee=any': page([row(43, { status: 5 })]),
      'GET /api/expert/returns?status=5&taxYear=2024&assignee=any': page([]),
      'GET /api/expert/returns?status=5&taxYear=2024&assignee=none': page([]),
      'GET /api/expert/returns?taxYear=2024&assignee=me': page([row(44, { taxYear: 2024 })]),
    });
    await openQueue();
    const filters = within(screen.getByRole('search', { name: 'Filter the queue' }));
    expect(within(filters.getByLabelText('Status') as HTMLElement).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All statuses',
      'Documents',
      'Transmitted',
      'Reviewed',
      'Completed',
    ]);
    expect(within(filters.getByLabelText('Tax year') as HTMLElement).getAllByRole('option').map((option) => option.textContent)).toEqual(['All years', '2025', '2024', '2023']);

    await userEvent.selectOptions(filters.getByLabelText('Status'), 'Reviewed');
    expect(await screen.findByRole('link', { name: 'Anna Muster' })).toHaveAttribute('href', '/expert/returns/43/2025');
    await userEvent.selectOptions(filters.getByLabelText('Tax year'), '2024');
    expect(await screen.findByText('No return matches these filters.')).toBeInTheDocument();
    await userEvent.selectOptions(filters.getByLabelText('Handled by'), 'Unassigned');
    await waitFor(() => expect(server.calls('GET', '/api/expert/returns?status=5&taxYear=2024&assignee=none')).toHaveLength(1));
    await userEvent.selectOptions(filters.getByLabelText('Status'), 'All statuses');
    await userEvent.selectOptions(filters.getByLabelText('Handled by'), 'Me');
    expect(await screen.findByRole('link', { name: 'Anna Muster' })).toHaveAttribute('href', '/expert/returns/44/2024');
  });

  it('searches by name or e-mail once the typing pauses, not at every key', async () => {
    const server = expertServer({ 'GET /api/expert/returns?q=anna%20m&assignee=any': page([row(42)]) });
    await openQueue();
    const search = screen.getByRole('searchbox', { name: 'Search by name or e-mail' });
    fireEvent.change(search, { target: { value: 'a' } });
    fireEvent.change(search, { target: { value: 'ann' } });
    fireEvent.change(search, { target: { value: ' anna m ' } });
    await waitFor(() => expect(server.calls('GET', '/api/expert/returns?q=anna%20m&assignee=any')).toHaveLength(1));
    expect(queueCalls(server).map((call) => call.url)).toEqual(['/api/expert/returns?assignee=any', '/api/expert/returns?q=anna%20m&assignee=any']);
    expect(search).toHaveValue(' anna m ');
  });

  it('appends the next page with Load more, and offers no more after the last', async () => {
    const server = expertServer({
      [QUEUE]: page([row(42)], 'cursor-1'),
      'GET /api/expert/returns?assignee=any&cursor=cursor-1': page([row(43, { firstName: 'Beat', lastName: 'Beispiel' })]),
    });
    await openQueue();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Beat Beispiel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anna Muster' })).toBeInTheDocument();
    expect(server.calls('GET', '/api/expert/returns?assignee=any&cursor=cursor-1')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 returns shown');
  });

  it('takes an unassigned return for the expert and shows it handled by them', async () => {
    let taken = false;
    const server = expertServer({
      [QUEUE]: () => page([row(42, { assignee: taken ? { userId: 5, firstName: 'Eva', lastName: 'Expert' } : null })]),
      'POST /api/expert/returns/42/2025/assign': () => {
        taken = true;
        return json(200, { userId: 42, taxYear: 2025, assignee: { userId: 5, firstName: 'Eva', lastName: 'Expert' }, assignedAt: '2026-03-01T10:00:00.000Z' });
      },
    });
    await openQueue();
    await userEvent.click(screen.getByRole('button', { name: 'Take the return of Anna Muster, 2025' }));
    expect(await screen.findByText('You now handle the 2025 return of Anna Muster.')).toHaveFocus();
    expect(server.calls('POST', '/api/expert/returns/42/2025/assign').map((call) => call.body)).toEqual([{}]);
    const [, first] = within(screen.getByRole('table')).getAllByRole('row');
    await waitFor(() => expect(cellTexts(first!)[5]).toBe('You'));
    expect(screen.queryByRole('button', { name: /^Take/ })).not.toBeInTheDocument();
  });

  it('says so when someone else took the return first (409), and shows who has it now', async () => {
    let reads = 0;
    const server = expertServer({
      [QUEUE]: () => page([row(42, { assignee: reads++ === 0 ? null : { userId: 9, firstName: 'Marco', lastName: 'Rossi' } })]),
      'POST /api/expert/returns/42/2025/assign': apiError(409, 'ALREADY_ASSIGNED', 'Someone else handles this return'),
    });
    await openQueue();
    await userEvent.click(screen.getByRole('button', { name: 'Take the return of Anna Muster, 2025' }));
    expect(await screen.findByText('Someone else took the 2025 return of Anna Muster a moment ago. The queue now shows who handles it.')).toBeInTheDocument();
    const [, first] = within(screen.getByRole('table')).getAllByRole('row');
    await waitFor(() => expect(cellTexts(first!)[5]).toBe('Marco Rossi'));
    expect(queueCalls(server)).toHaveLength(2);
  });

  it('tells any other refusal of Take in the interface language', async () => {
    expertServer({ 'POST /api/expert/returns/42/2025/assign': apiError(403, 'FORBIDDEN', 'Experts only') });
    await openQueue();
    await userEvent.click(screen.getByRole('button', { name: 'Take the return of Anna Muster, 2025' }));
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
  });
});
