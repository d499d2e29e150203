import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxProfileResponse } from '@taxli/domain';
import { json, renderRoutes, setLanguage, stubServer } from '../../test/harness';
import { ContinueTaxProfile } from './continue-tax-profile';

/** Issue 28: the dashboard's way back into an open tax profile, at its step. */
const profile = (overrides: Partial<TaxProfileResponse> = {}): TaxProfileResponse => ({
  taxYear: 2025,
  step: 4,
  personal: { salutation: null, firstName: 'Anna', lastName: 'Muster', dateOfBirth: null, phone: null, countryCode: null, jobName: null },
  answers: { cantonOfResidence: 'bern' },
  isComplete: false,
  completedAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  version: 5,
  previousCompleteYear: null,
  ...overrides,
});

function renderLink(answer: TaxProfileResponse) {
  stubServer({ 'GET /api/tax-profile?taxYear=2025': json(200, answer) });
  return renderRoutes([{ path: '/', Component: () => <ContinueTaxProfile taxYear={2025} /> }], { path: '/' });
}

describe('ContinueTaxProfile', () => {
  beforeEach(() => setLanguage('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('offers to continue an open draft at its step, linking straight to it', async () => {
    renderLink(profile());
    const link = await screen.findByRole('link', { name: 'Continue your tax profile – step 5 of 12' });
    expect(link).toHaveAttribute('href', '/profile?setup=tax&taxYear=2025&step=5');
  });

  it('says it in German', async () => {
    await setLanguage('de');
    renderLink(profile({ step: 11 }));
    expect(await screen.findByRole('link', { name: 'Steuerprofil fortsetzen – Schritt 12 von 12' })).toBeInTheDocument();
  });

  it('once complete, leads to the answers instead', async () => {
    renderLink(profile({ isComplete: true, completedAt: '2026-11-21T10:00:00.000Z', step: 11 }));
    const link = await screen.findByRole('link', { name: 'Review your tax profile answers' });
    expect(link).toHaveAttribute('href', '/profile?setup=tax&taxYear=2025&view=summary');
  });

  it('shows nothing before the wizard was first saved', async () => {
    const { queryClient } = renderLink(profile({ version: 0, step: 0, updatedAt: null, answers: {} }));
    await waitFor(() => expect(queryClient.getQueryData(['tax-profile', 2025])).toMatchObject({ version: 0 }));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
