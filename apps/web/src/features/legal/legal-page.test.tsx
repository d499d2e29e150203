import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { renderRoutes, setLanguage, signedInCheck, signedOutCheck } from '../../test/harness';
import type { LegalKind } from './content/types';
import { LegalPage } from './legal-page';

function renderLegal(kind: LegalKind, path: string, signedIn = false) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.auth, signedIn ? signedInCheck() : signedOutCheck);
  return renderRoutes([{ path: '*', Component: () => <LegalPage kind={kind} /> }], { path, queryClient });
}

describe('legal pages', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['privacy', 'Data Protection Policy', 'Federal Data Protection and Information Commissioner'],
    ['cookies', 'Cookie Policy', '__Host-taxli_session'],
    ['terms', 'Terms and Conditions', 'The exclusive place of jurisdiction is Zurich.'],
  ] as const)('shows the %s text', async (kind, title, phrase) => {
    renderLegal(kind, '/legal');
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(new RegExp(phrase))).toBeInTheDocument();
    expect(screen.getByText(/Last updated:/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('goes back to a same-site returnTo', async () => {
    renderLegal('terms', '/terms-and-conditions?returnTo=/profile%3FfirstTime%3Dtrue');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/profile?firstTime=true');
  });

  it.each(['//evil.com', 'https://evil.com/profile', '/\\evil.com'])('ignores returnTo=%s', async (returnTo) => {
    renderLegal('privacy', `/data-protection-policy?returnTo=${encodeURIComponent(returnTo)}`);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/login');
  });

  it('without returnTo goes home when signed in, else to the login page', async () => {
    renderLegal('cookies', '/cookies', true);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });

  it('shows Swiss German readers the German text, marked as German', async () => {
    await setLanguage('gsw');
    renderLegal('privacy', '/data-protection');
    expect(screen.getByRole('heading', { level: 1, name: 'Dateschutzerklärig' })).toBeInTheDocument();
    expect(screen.getByText('Dä Tegscht gits nur uf Hochdütsch.')).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { level: 2, name: '1. Verantwortliche Stelle' });
    expect(heading.closest('article')).toHaveAttribute('lang', 'de');
    expect(screen.getByText(/Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten/)).toBeInTheDocument();
  });

  it.each([
    ['fr', 'Politique de protection des données', '1. Responsable du traitement'],
    ['it', 'Informativa sulla protezione dei dati', '1. Titolare del trattamento'],
  ])('shows the %s text', async (language, title, firstSection) => {
    await setLanguage(language);
    renderLegal('privacy', '/data-protection');
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { level: 2, name: firstSection });
    expect(heading.closest('article')).not.toHaveAttribute('lang');
  });
});
