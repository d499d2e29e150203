import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taxStatusName, type ReturnProgressResponse, type TaxStatusResponse, type ThreadMessage, type ThreadResponse } from '@taxli/domain';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { apiError, aUser, json, renderRoutes, setLanguage, signedInCheck, stubServer, stubUploads, toastRegion, type Route } from '../../../test/harness';
import { HomePage } from '../home-page';

/** The person's side of the expert's work on the dashboard (issue 27, D18). */

const november2026 = new Date(2026, 10, 22);
const YEAR = 2025;
const PROGRESS = `GET /api/tax/return-progress?taxYear=${YEAR}`;
const THREAD = `GET /api/messages?taxYear=${YEAR}`;
const LOADING = 'Please wait, loading your tax year…';

const status = (id: number): TaxStatusResponse => ({
  taxYear: YEAR,
  status: taxStatusName(id),
  current_status_id: id as TaxStatusResponse['current_status_id'],
  advancedInfoCompleted: true,
  transmittedAt: id >= 4 ? '2026-02-01T09:00:00.000Z' : null,
});

const progress = (statusId: number, extra: Partial<ReturnProgressResponse> = {}): ReturnProgressResponse => ({
  taxYear: YEAR,
  status: statusId,
  expertFirstName: 'Laura',
  openRequests: [],
  preparedReturn: statusId >= 5 ? { version: 2, size: 256 * 1024, sha256: 'b'.repeat(64), uploadedAt: '2026-03-02T10:00:00.000Z' } : null,
  filedOn: null,
  unreadMessages: 0,
  ...extra,
});

const message = (id: number, from: ThreadMessage['from'], body: string, createdAt: string): ThreadMessage => ({
  id,
  from,
  authorFirstName: from === 'expert' ? 'Laura' : 'Anna',
  body,
  createdAt,
  readAt: null,
});

const thread = (messages: ThreadMessage[] = [], unread = 0): ThreadResponse => ({ taxYear: YEAR, messages, unread });

const CATEGORIES = [1, 2, 3, 4, 5, 21].map((id) => ({ id, name: `Category ${id}`, description: '', section: 'required', required: true }));

/**
 * The dashboard's server for one year whose status the test moves (approve: 5 → 6); the expert's
 * work and the thread are the test's to give.
 */
function dashboard(statusId: { current: number }, extra: Record<string, Route> = {}) {
  return stubServer({
    [`GET /api/tax-status?taxYear=${YEAR}`]: () => json(200, status(statusId.current)),
    [`GET /api/files?taxYear=${YEAR}`]: json(200, []),
    [`GET /api/document-categories?taxYear=${YEAR}&mode=basic`]: json(200, CATEGORIES),
    'GET /api/debug/check-auth': json(200, signedInCheck()),
    [THREAD]: json(200, thread()),
    ...extra,
  });
}

async function renderLoadedHome(statusId: number) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.auth, signedInCheck());
  queryClient.setQueryData(queryKeys.user(), aUser({ taxStatus: taxStatusName(statusId) }));
  const rendered = renderRoutes([{ path: '/', Component: HomePage }], { path: '/', now: () => november2026, queryClient });
  await waitFor(() => expect(screen.queryByText(LOADING)).not.toBeInTheDocument(), { timeout: 3000 });
  return rendered;
}

const panel = () => screen.getByRole('region', { name: 'Your tax return' });
const requestsTo = (server: ReturnType<typeof stubServer>, path: string) => server.requests.filter((r) => r.url.startsWith(path));

/** An IntersectionObserver the test moves on screen: nothing is seen until `showAll()`. */
function stubIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Element[] }>();
  class FakeObserver {
    private readonly entry: { callback: IntersectionObserverCallback; elements: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: [] };
      observers.add(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.push(element);
    }
    disconnect() {
      observers.delete(this.entry);
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    showAll: () =>
      act(() => {
        for (const { callback, elements } of [...observers]) {
          callback(
            elements.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry),
            {} as IntersectionObserver,
          );
        }
      }),
  };
}

describe("the person's tax return on the dashboard", () => {
  let uploads: ReturnType<typeof stubUploads>;
  beforeEach(async () => {
    await setLanguage('en');
    uploads = stubUploads();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('before transmission shows no panel, asks nothing of the expert side, and shows no empty thread', async () => {
    const server = dashboard({ current: 3 }, { [PROGRESS]: json(200, progress(3)) });
    await renderLoadedHome(3);
    expect(await screen.findByRole('link', { name: 'Mark as Transmitted' })).toBeInTheDocument();
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Your tax return' })).not.toBeInTheDocument();
    expect(requestsTo(server, '/api/tax/return-progress')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Messages for 2025' })).not.toBeInTheDocument();
  });

  it('before transmission shows the thread once it has messages', async () => {
    const server = dashboard({ current: 2 }, { [THREAD]: json(200, thread([message(1, 'person', 'Which plan suits me?', '2026-01-10T08:00:00.000Z')])) });
    await renderLoadedHome(2);
    expect(await screen.findByText('Which plan suits me?')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your tax return' })).not.toBeInTheDocument();
    expect(requestsTo(server, '/api/tax/return-progress')).toHaveLength(0);
  });

  it("at status 4 names the expert by first name and lists the open requests, each leading to its category's upload", async () => {
    const requests = [
      { id: 11, categoryId: 1, note: 'The statement of your savings account, please.', createdAt: '2026-02-03T10:00:00.000Z', fulfilledAt: null },
      { id: 12, categoryId: 22, note: '', createdAt: '2026-02-03T10:05:00.000Z', fulfilledAt: null },
    ];
    dashboard({ current: 4 }, { [PROGRESS]: json(200, progress(4, { openRequests: requests })) });
    await renderLoadedHome(4);
    expect(await within(panel()).findByText('Handled by Laura')).toBeInTheDocument();
    const asked = within(panel()).getByRole('group', { name: 'Your expert asks for 2 documents' });
    expect(within(asked).getByText('Bank Documents')).toBeInTheDocument();
    expect(within(asked).getByText('Pillar 3a certificate')).toBeInTheDocument();
    expect(within(asked).getByText('The statement of your savings account, please.')).toBeInTheDocument();
    // Nothing to approve yet.
    expect(within(panel()).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    await userEvent.click(within(asked).getByRole('button', { name: 'Upload to Bank Documents' }));
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [new File(['x'], 'savings.pdf')] } });
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0]!.form.get('categoryId')).toBe('1');
    expect(uploads.sent[0]!.form.get('taxYear')).toBe(String(YEAR));
  });

  it('says an expert will take the return while nobody has', async () => {
    dashboard({ current: 4 }, { [PROGRESS]: json(200, progress(4, { expertFirstName: null })) });
    await renderLoadedHome(4);
    expect(await within(panel()).findByText('An expert will take your return shortly')).toBeInTheDocument();
  });

  it('at status 5 offers the prepared return, approves only after the confirmation, and then says Completed', async () => {
    const year = { current: 5 };
    const server = dashboard(year, {
      [PROGRESS]: () => json(200, progress(year.current)),
      'POST /api/tax/approve': () => {
        year.current = 6;
        return json(200, { userId: 7, taxYear: YEAR, status: 6, statusName: 'completed' });
      },
    });
    await renderLoadedHome(5);
    const download = await within(panel()).findByRole('link', { name: 'Download your prepared return 2025 (PDF)' });
    expect(download).toHaveAttribute('href', '/api/tax/prepared-return?taxYear=2025');
    expect(within(panel()).getByText('Version 2 of 02.03.2026, 256 KB')).toBeInTheDocument();

    await userEvent.click(within(panel()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve your tax return for 2025?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('POST', '/api/tax/approve')).toHaveLength(0);

    await userEvent.click(within(panel()).getByRole('button', { name: 'Approve' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve return' }));
    await waitFor(() => expect(server.calls('POST', '/api/tax/approve').map((r) => r.body)).toEqual([{ taxYear: YEAR }]));
    expect(await within(panel()).findByRole('heading', { name: 'Completed' })).toBeInTheDocument();
    expect(within(panel()).getByText('Approved — your expert will file it')).toBeInTheDocument();
    expect(within(panel()).getByRole('status')).toHaveTextContent('Thank you: your approval has been saved.');
    const steps = screen.getByRole('list', { name: 'Steps of your tax return for 2025' });
    await waitFor(() => expect(within(steps).getByText('Completed').closest('li')).toHaveAttribute('aria-current', 'step'));
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('asks for changes with the text, keeps the text when the server refuses it, and empties it once sent', async () => {
    let refuse = true;
    const year = { current: 5 };
    const server = dashboard(year, {
      [PROGRESS]: () => json(200, progress(year.current)),
      'POST /api/tax/request-changes': () => {
        if (refuse) return apiError(409, 'INVALID_STATUS', 'The return is at status 4 (Transmitted); this needs status 5 (Reviewed).');
        year.current = 4;
        return json(200, { userId: 7, taxYear: YEAR, status: 4, statusName: 'processing' });
      },
    });
    await renderLoadedHome(5);
    const box = await within(panel()).findByRole('textbox', { name: 'What should your expert change?' });
    const send = within(panel()).getByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    await userEvent.type(box, 'The pillar 3a payment is missing.');
    await userEvent.click(send);
    expect(await within(toastRegion()).findByText('Your request could not be sent')).toBeInTheDocument();
    // Not the transmit's text of INVALID_STATUS: the status changed meanwhile, and the page reloads it.
    expect(within(toastRegion()).getByText('The status of your return changed in the meantime; the page now shows the current one.')).toBeInTheDocument();
    expect(box).toHaveValue('The pillar 3a payment is missing.');
    expect(server.calls('POST', '/api/tax/request-changes').map((r) => r.body)).toEqual([{ taxYear: YEAR, message: 'The pillar 3a payment is missing.' }]);

    refuse = false;
    await userEvent.click(send);
    await waitFor(() => expect(within(panel()).getByRole('status')).toHaveTextContent('Your request has been sent; your expert will prepare the return again.'));
    // Back to 4: the expert prepares it again; nothing to approve any more.
    await waitFor(() => expect(screen.getByText('Transmitted — an expert is preparing your return.')).toBeInTheDocument());
    expect(within(panel()).queryByRole('textbox', { name: 'What should your expert change?' })).not.toBeInTheDocument();
  });

  it('shows the filing date at status 6 as the Swiss write it, in English and German', async () => {
    dashboard({ current: 6 }, { [PROGRESS]: json(200, progress(6, { filedOn: '2026-03-12' })) });
    const { unmount } = await renderLoadedHome(6);
    expect(await within(panel()).findByText('Filed with the canton on 12.03.2026')).toBeInTheDocument();
    expect(within(panel()).getByRole('heading', { name: 'Completed' })).toBeInTheDocument();
    unmount();

    await setLanguage('de');
    dashboard({ current: 6 }, { [PROGRESS]: json(200, progress(6, { filedOn: '2026-03-12' })) });
    await renderLoadedHome(6);
    const panelDe = await screen.findByRole('region', { name: 'Ihre Steuererklärung' });
    expect(await within(panelDe).findByText('Am 12.03.2026 beim Kanton eingereicht')).toBeInTheDocument();
  });

  it.each([
    { id: 4, language: 'de', description: 'Übermittelt – eine Steuerfachperson bereitet Ihre Steuererklärung vor.' },
    { id: 5, language: 'de', description: 'Ihre vorbereitete Steuererklärung liegt zur Prüfung bereit.' },
    { id: 6, language: 'de', description: 'Abgeschlossen – Sie haben Ihre Steuererklärung freigegeben.' },
    { id: 5, language: 'fr', description: 'Votre déclaration préparée est prête pour votre vérification.' },
    { id: 5, language: 'en', description: 'Your prepared return is ready for your review.' },
  ])('at status $id says in $language what D18 gives it to mean', async ({ id, language, description }) => {
    await setLanguage(language);
    dashboard({ current: id }, { [PROGRESS]: json(200, progress(id)) });
    await renderLoadedHome(id);
    expect(await screen.findByText(description)).toBeInTheDocument();
    expect(screen.queryByText(/reviewed and executed|geprüft und ausgeführt|vérifiée et effectuée/)).not.toBeInTheDocument();
  });

  it("shows the year's thread oldest first, the expert's messages by first name, and a sent message in it", async () => {
    let stored = [
      message(2, 'expert', 'Could you send the rental contract?', '2026-02-05T09:30:00.000Z'),
      message(1, 'person', 'I moved in March.', '2026-02-04T18:00:00.000Z'),
    ];
    const server = dashboard({ current: 4 }, {
      [PROGRESS]: json(200, progress(4)),
      [THREAD]: () => json(200, thread(stored)),
      'POST /api/send-message': (request) => {
        const sent = message(3, 'person', (request.body as { message: string }).message, '2026-02-06T07:00:00.000Z');
        stored = [...stored, sent];
        return json(201, { success: true, id: sent.id, createdAt: sent.createdAt });
      },
    });
    await renderLoadedHome(4);
    const history = await screen.findByRole('region', { name: 'Messages for 2025' });
    await within(history).findByText('I moved in March.');
    const items = () => within(history).getAllByRole('listitem');
    expect(items().map((item) => item.querySelector('p:last-child')?.textContent)).toEqual(['I moved in March.', 'Could you send the rental contract?']);
    expect(items()[0]).toHaveTextContent(/^You/);
    expect(items()[1]).toHaveTextContent(/^Laura/);

    await userEvent.type(screen.getByRole('textbox', { name: 'Your message to our tax experts' }), 'It follows tomorrow.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(history).findByText('It follows tomorrow.')).toBeInTheDocument();
    expect(items()).toHaveLength(3);
    expect(items()[2]).toHaveTextContent(/^You/);
    expect(server.calls('POST', '/api/send-message').map((r) => r.body)).toEqual([{ message: 'It follows tomorrow.', taxYear: YEAR }]);
    expect(screen.getByRole('textbox', { name: 'Your message to our tax experts' })).toHaveValue('');
  });

  it("counts the expert's unread messages until the thread comes on screen, and only then reads it", async () => {
    const observer = stubIntersectionObserver();
    let unread = 2;
    const server = dashboard({ current: 4 }, {
      [PROGRESS]: () => json(200, progress(4, { unreadMessages: unread })),
      [THREAD]: () => {
        const answer = thread([message(5, 'expert', 'Your return is almost ready.', '2026-02-07T10:00:00.000Z'), message(6, 'expert', 'One question left.', '2026-02-07T10:01:00.000Z')], unread);
        unread = 0;
        return json(200, answer);
      },
    });
    await renderLoadedHome(4);
    const read = await within(panel()).findByRole('button', { name: /Read messages/ });
    expect(read).toHaveTextContent('2 new messages');
    expect(requestsTo(server, '/api/messages')).toHaveLength(0);

    await userEvent.click(read);
    expect(screen.getByRole('heading', { name: 'Messages for 2025' })).toHaveFocus();
    observer.showAll();
    const history = screen.getByRole('region', { name: 'Messages for 2025' });
    expect(await within(history).findByText('One question left.')).toBeInTheDocument();
    expect(within(history).getAllByText('New')).toHaveLength(2);
    await waitFor(() => expect(within(panel()).queryByRole('button', { name: /Read messages/ })).not.toBeInTheDocument());
    expect(requestsTo(server, '/api/messages')).toHaveLength(1);
  });

  it('says when the expert side cannot be loaded, and loads it again on request', async () => {
    let fail = true;
    dashboard({ current: 4 }, { [PROGRESS]: () => (fail ? apiError(500, 'INTERNAL_ERROR', 'boom') : json(200, progress(4))) });
    await renderLoadedHome(4);
    expect(await within(panel()).findByText('What your expert has done on your return could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(panel()).getByRole('button', { name: 'Try again' }));
    expect(await within(panel()).findByText('Handled by Laura')).toBeInTheDocument();
  });
});
