import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { toast } from '../../components/ui/toast-store';
import { clearToasts, renderRoutes, setLanguage, toastRegion } from '../../test/harness';
import { usePageChange } from './use-page-change';

/** The shell as the app has it: a header outside `main`, the page inside. */
function Shell() {
  usePageChange();
  return (
    <>
      <header>
        <Link to="/files">Files in the header</Link>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}

function Home() {
  return (
    <>
      <h1>Home</h1>
      <Link to="/files">Files</Link>
      <Link to="/?year=2024">2024</Link>
      <Link to="/loading">Slow page</Link>
      <Link to="/form">Form</Link>
      <Link to="/dialog">Terms</Link>
      <button type="button" onClick={() => toast({ title: 'Saved here' })}>
        Save
      </button>
      <button type="button" onClick={() => toast({ title: 'Address Saved', forNextPage: true })}>
        Save and go on
      </button>
    </>
  );
}

const Files = () => (
  <>
    <h1>Files</h1>
    <Link to="/">Home</Link>
  </>
);

/** A page that shows its heading under an inert overlay first, as the dashboard does while it loads. */
function Loading() {
  const [busy, setBusy] = useState(true);
  return (
    <>
      <div inert={busy}>
        <h1>Loaded page</h1>
      </div>
      <button type="button" onClick={() => setBusy(false)} data-testid="finish">
        finish
      </button>
    </>
  );
}

/** A page that puts focus in its own field when it opens. */
function Form() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <>
      <h1>Form</h1>
      <input ref={field} aria-label="Name" />
    </>
  );
}

/** A page that opens a dialog at once (outside `main`, as Radix portals it), which takes focus. */
function WithDialog() {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <>
      <h1>Terms</h1>
      {createPortal(
        <div role="dialog" aria-label="Accept the terms">
          <button ref={button} type="button">
            Accept
          </button>
        </div>,
        document.body,
      )}
    </>
  );
}

function renderPages(path = '/') {
  return renderRoutes(
    [
      {
        Component: Shell,
        children: [
          { path: '/', Component: Home },
          { path: '/files', Component: Files },
          { path: '/loading', Component: Loading },
          { path: '/form', Component: Form },
          { path: '/dialog', Component: WithDialog },
        ],
      },
    ],
    { path },
  );
}

describe('a page change', () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
  });

  it("takes the previous page's toast away, but not on a change of the query alone", async () => {
    renderPages();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(toastRegion()).getByText('Saved here')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: '2024' }));
    expect(within(toastRegion()).getByText('Saved here')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Files' }));
    await screen.findByRole('heading', { name: 'Files' });
    expect(within(toastRegion()).queryByText('Saved here')).not.toBeInTheDocument();
  });

  it('keeps a toast raised for the next page through that one change, then lets it go', async () => {
    renderPages();
    await userEvent.click(screen.getByRole('button', { name: 'Save and go on' }));
    await userEvent.click(screen.getByRole('link', { name: 'Files' }));
    await screen.findByRole('heading', { name: 'Files' });
    expect(within(toastRegion()).getByText('Address Saved')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { name: 'Home' });
    expect(within(toastRegion()).queryByText('Address Saved')).not.toBeInTheDocument();
  });

  it("moves focus to the new page's heading, from a link on the page and from one in the header", async () => {
    renderPages();
    await userEvent.click(screen.getByRole('link', { name: 'Files' }));
    // The first page change loads the module that moves the focus: slow on a busy machine.
    const files = await screen.findByRole('heading', { level: 1, name: 'Files' });
    await waitFor(() => expect(files).toHaveFocus(), { timeout: 5000 });
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Files in the header' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Files' })).toHaveFocus();
  });

  it('leaves focus where it is on a change of the query alone', async () => {
    renderPages();
    const link = screen.getByRole('link', { name: '2024' });
    await userEvent.click(link);
    expect(link).toHaveFocus();
  });

  it('waits until the heading can take focus (the page under a loading overlay)', async () => {
    renderPages();
    await userEvent.click(screen.getByRole('link', { name: 'Slow page' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Loaded page' });
    expect(heading).not.toHaveFocus();
    // Not a click: the overlay goes by itself, as the dashboard's does once its data is in.
    act(() => screen.getByTestId('finish').click());
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves focus where the new page put it', async () => {
    renderPages();
    await userEvent.click(screen.getByRole('link', { name: 'Form' }));
    await screen.findByRole('heading', { name: 'Form' });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('leaves focus in a dialog the new page opened', async () => {
    renderPages();
    await userEvent.click(screen.getByRole('link', { name: 'Terms' }));
    await screen.findByRole('heading', { name: 'Terms' });
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveFocus();
  });

  it('does not move focus on the first load, nor on a redirect before the person has done anything', async () => {
    const { router } = renderPages();
    expect(screen.getByRole('heading', { name: 'Home' })).not.toHaveFocus();
    await act(() => router.navigate('/files', { replace: true }));
    expect(screen.getByRole('heading', { name: 'Files' })).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
  });
});
