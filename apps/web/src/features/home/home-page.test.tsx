import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserResponse } from '@taxli/domain';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { aUser, renderRoutes, setLanguage } from '../../test/harness';
import { HomePage } from './home-page';

function renderHome(user: UserResponse, today: Date) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user(), user);
  return renderRoutes([{ path: '/', Component: HomePage }], { path: '/', now: () => today, queryClient });
}

const november2026 = new Date(2026, 10, 22);

describe('home page', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('welcomes the user and shows the status of the year in preparation', async () => {
    renderHome(
      aUser({
        taxYear: 2025,
        taxStatus: 'documents_submitted',
        taxYearStatuses: [{ taxYear: 2025, status: 'documents_submitted' }],
      }),
      november2026,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Anna' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Tax Status for 2025' })).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Steps of your tax return for 2025' });
    expect(within(steps).getAllByRole('listitem').map((item) => item.textContent?.replace(/\s*\(done\)$/, '').replace(/^\d/, ''))).toEqual([
      'Initial',
      'Tax Profile',
      'Documents',
      'Transmitted',
      'Reviewed',
      'Completed',
    ]);
    expect(within(steps).getByText('Documents').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Step 3 of 6')).toBeInTheDocument();
    expect(screen.getByText('Finish the Advanced Tax Information section')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View and edit your profile/ })).toHaveAttribute('href', '/profile');
  });

  it('follows the injected clock to the next year, where nothing has happened yet', async () => {
    renderHome(aUser({ taxYear: 2025, taxStatus: 'completed' }), new Date(2027, 0, 2));
    expect(await screen.findByRole('heading', { level: 2, name: 'Tax Status for 2026' })).toBeInTheDocument();
    expect(screen.getByText('Complete your Tax Profile')).toBeInTheDocument();
  });

  it('speaks Swiss German', async () => {
    await setLanguage('gsw');
    renderHome(aUser({ taxStatus: 'completed' }), november2026);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grüezi Anna' })).toBeInTheDocument();
    expect(screen.getByText('Gratuliere! Dini Stüürerklärig isch erfolgriich übermittlet worde')).toBeInTheDocument();
  });
});
