import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatSwissMoment } from '../../../lib/swiss-locale';
import { json, renderRoutes, setLanguage, stubServer } from '../../../test/harness';
import { DataExportSection } from './data-export-section';

const NOW = new Date('2026-03-15T10:00:00Z');

function renderSection(allowance: { left: number; freesAt: string | null }) {
  stubServer({ 'GET /api/account/export/allowance': json(200, { limit: 5, ...allowance }) });
  return renderRoutes([{ path: '/profile', Component: DataExportSection }], { path: '/profile', now: () => NOW });
}

describe('the profile’s “Your data”', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what the download holds and links to the export as a download; the last one of the day says when the next is possible', async () => {
    await setLanguage('en');
    renderSection({ left: 1, freesAt: '2026-03-16T08:30:00Z' });
    expect(await screen.findByRole('heading', { name: 'Your data' })).toBeInTheDocument();
    expect(screen.getByText(/AHV numbers and tax IDs in clear/)).toBeInTheDocument();
    expect(screen.getByText(/up to 5 times a day/)).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/account/export');
    expect(link).toHaveAttribute('download');

    // jsdom does not download: the click's navigation is stopped, the section's own handler runs.
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    const section = within(screen.getByRole('region', { name: 'Your data' }));
    expect(await section.findByRole('status')).toHaveTextContent(
      // The time as the person's clock shows it (the machine's time zone).
      `You have downloaded your data 5 times in the last 24 hours. You can download it again from ${formatSwissMoment('2026-03-16T08:30:00Z', 'en')}.`,
    );
    expect(screen.queryByRole('link', { name: 'Download my data' })).not.toBeInTheDocument();
  });

  it('speaks the person’s language, and offers no download when the day’s exports are used', async () => {
    await setLanguage('fr');
    renderSection({ left: 0, freesAt: '2026-03-15T18:00:00Z' });
    expect(await screen.findByRole('heading', { name: 'Vos données' })).toBeInTheDocument();
    expect(screen.getByText(/jusqu’à 5 fois par jour/)).toBeInTheDocument();
    const section = within(screen.getByRole('region', { name: 'Vos données' }));
    expect(await section.findByRole('status')).toHaveTextContent(`Vous pourrez les télécharger à nouveau dès le ${formatSwissMoment('2026-03-15T18:00:00Z', 'fr')}.`);
    expect(section.queryByRole('link')).not.toBeInTheDocument();
  });

  it('links to the export while the allowance is unknown (the server still counts)', async () => {
    await setLanguage('en');
    stubServer({ 'GET /api/account/export/allowance': json(500, { error: { code: 'INTERNAL_ERROR', message: 'x' } }) });
    renderRoutes([{ path: '/profile', Component: DataExportSection }], { path: '/profile' });
    expect(await screen.findByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/api/account/export');
  });
});
