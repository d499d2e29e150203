import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { renderRoutes, setLanguage, signedInCheck, signedOutCheck } from '../../test/harness';
import { NotFoundPage } from './not-found-page';

function renderNotFound(signedIn: boolean) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.auth, signedIn ? signedInCheck() : signedOutCheck);
  return renderRoutes([{ path: '*', Component: NotFoundPage }], { path: '/no/such/page', queryClient });
}

describe('not-found page (D19)', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('keeps its title and sends a signed-in person to the dashboard, without talk of the router', () => {
    renderNotFound(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/the address may be mistyped, or the page has moved/)).toBeInTheDocument();
    expect(screen.queryByText(/router/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Go to sign-in' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Taxli' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('sends a signed-out person to the sign-in page', () => {
    renderNotFound(false);
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).not.toBeInTheDocument();
  });

  it('speaks the interface language', async () => {
    await setLanguage('de');
    renderNotFound(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Übersicht' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Router/)).not.toBeInTheDocument();
    // The brand name is the logo's text in every language.
    expect(screen.getByRole('img', { name: 'Taxli' })).toBeInTheDocument();
  });
});
