import { act, screen, waitFor } from '@testing-library/react';
import { Link, Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { renderRoutes, setLanguage } from '../test/harness';
import { usePageTitle, type RouteHandle } from './page-title';

function Layout() {
  usePageTitle();
  return <Outlet />;
}

const handle = (title: RouteHandle['title']): { handle: RouteHandle } => ({ handle: { title } });

const routes = [
  {
    Component: Layout,
    children: [
      { path: '/', ...handle('home'), Component: () => <Link to="/file-history">files</Link> },
      { path: '/file-history', ...handle('fileHistory'), Component: () => <p>history</p> },
      { path: '/untitled', Component: () => <p>untitled</p> },
    ],
  },
];

describe('page titles', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('names each page in the tab, follows navigation and the language', async () => {
    renderRoutes(routes, { path: '/' });
    await waitFor(() => expect(document.title).toBe('Dashboard · Taxli'));
    await userEvent.click(screen.getByRole('link', { name: 'files' }));
    await waitFor(() => expect(document.title).toBe('File History · Taxli'));
    await act(() => setLanguage('de'));
    await waitFor(() => expect(document.title).toBe('Dateiverlauf · Taxli'));
  });

  it('falls back to the product name for a route without a title', async () => {
    renderRoutes(routes, { path: '/untitled' });
    await waitFor(() => expect(document.title).toBe('Taxli'));
  });
});
