import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, setLanguage } from '../../test/harness';
import { PgbarPage } from './pgbar-page';

const LABELS = ['Initial', 'Tax Profile', 'Documents', 'Transmitted', 'Reviewed', 'Completed'];
const FILLS = ['16.67%', '33.33%', '50%', '66.67%', '83.33%', '100%'];

describe('/pgbar', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('shows the six-step bar once in each state 1–6, filled to id ÷ 6 (D1)', async () => {
    renderRoutes([{ path: '/pgbar', Component: PgbarPage }], { path: '/pgbar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Progress bar' })).toBeInTheDocument();

    expect(screen.getAllByRole('region', { name: /^State \d/ }).map((section) => section.querySelector('h2')?.textContent)).toEqual(
      LABELS.map((label, index) => `State ${index + 1}: ${label}`),
    );
    LABELS.forEach((label, index) => {
      const id = index + 1;
      const section = screen.getByRole('region', { name: `State ${id}: ${label}` });
      const steps = within(section).getByRole('list', { name: `Steps in state ${id}` });
      const items = within(steps).getAllByRole('listitem');
      expect(items.map((item) => item.textContent?.replace(/ \(done\)$/, '').replace(/^\d/, ''))).toEqual(LABELS);
      // Exactly the step of this state is current, and it is done with every step before it (the
      // status names what is reached: at 2 the tax profile is complete).
      expect(items.filter((item) => item.getAttribute('aria-current') === 'step').map((item) => item.textContent)).toEqual([
        `${label} (done)`,
      ]);
      expect(within(steps).queryAllByText('(done)', { exact: false })).toHaveLength(id);
      expect(within(section).getByTestId('status-fill')).toHaveStyle({ width: FILLS[index] });
    });
  });

  it('reads the step labels in the interface language', async () => {
    await setLanguage('de');
    renderRoutes([{ path: '/pgbar', Component: PgbarPage }], { path: '/pgbar' });
    expect(await screen.findByRole('region', { name: 'Zustand 6: Abgeschlossen' })).toBeInTheDocument();
    // At state 2 the tax profile is complete: its step is the current one and reads done.
    const steps = within(screen.getByRole('region', { name: 'Zustand 2: Steuerprofil' })).getByRole('list');
    const current = within(steps)
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('aria-current') === 'step');
    expect(current.map((item) => item.textContent)).toEqual(['Steuerprofil (erledigt)']);
  });
});
