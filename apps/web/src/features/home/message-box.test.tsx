import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, setLanguage, stubServer } from '../../test/harness';
import { MessageBox } from './message-box';

const Box2025 = () => <MessageBox taxYear={2025} />;

describe('Send Message box as a link target', () => {
  beforeEach(async () => {
    await setLanguage('en');
    stubServer({});
  });
  afterEach(() => vi.unstubAllGlobals());

  it("opened as /#send-message (the profile's way to ask for a plan), takes the focus for the message", async () => {
    renderRoutes([{ path: '/', Component: Box2025 }], { path: '/#send-message' });
    const field = await screen.findByRole('textbox', { name: 'Your message to our tax experts' });
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('leaves the focus alone when the address does not name it', async () => {
    renderRoutes([{ path: '/', Component: Box2025 }], { path: '/' });
    const field = await screen.findByRole('textbox', { name: 'Your message to our tax experts' });
    expect(field).not.toHaveFocus();
  });
});

describe('Send Message box as a link target under the loading overlay', () => {
  beforeEach(async () => {
    await setLanguage('en');
    stubServer({});
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The dashboard's way: the page is inert while its overlay shows. */
  function Dashboard() {
    const [loading, setLoading] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setLoading(false)}>
          Loaded
        </button>
        <div inert={loading}>
          <MessageBox taxYear={2025} />
        </div>
      </>
    );
  }

  it('takes the focus once the page is no longer inert', async () => {
    renderRoutes([{ path: '/', Component: Dashboard }], { path: '/#send-message' });
    const field = await screen.findByRole('textbox', { name: 'Your message to our tax experts', hidden: true });
    expect(field).not.toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Loaded' }));
    await waitFor(() => expect(field).toHaveFocus());
  });
});
