import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, setLanguage } from '../../test/harness';
import { NotFoundPage } from './not-found-page';

describe('not-found page', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('says the page is not found and links home', () => {
    renderRoutes([{ path: '*', Component: NotFoundPage }], { path: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('speaks the interface language', async () => {
    await setLanguage('it');
    renderRoutes([{ path: '*', Component: NotFoundPage }], { path: '/x' });
    expect(screen.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeInTheDocument();
  });
});
