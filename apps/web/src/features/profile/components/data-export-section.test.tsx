import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, setLanguage } from '../../../test/harness';
import { DataExportSection } from './data-export-section';

function renderSection() {
  return renderRoutes([{ path: '/profile', Component: DataExportSection }], { path: '/profile' });
}

describe('the profile’s “Your data”', () => {
  it('says what the download holds and links to the export as a download', async () => {
    await setLanguage('en');
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Your data' })).toBeInTheDocument();
    expect(screen.getByText(/AHV numbers and tax IDs in clear/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/account/export');
    expect(link).toHaveAttribute('download');
  });

  it('speaks the person’s language', async () => {
    await setLanguage('fr');
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Vos données' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Télécharger mes données' })).toHaveAttribute('href', '/api/account/export');
    expect(screen.getByText(/jusqu’à 5 fois par jour/)).toBeInTheDocument();
  });
});
