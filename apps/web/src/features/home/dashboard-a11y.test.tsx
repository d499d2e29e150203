import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, setLanguage } from '../../test/harness';
import { aFile, dashboardServer, renderHome, taxStatus } from './test-dashboard';

/** WCAG 2.1 A/AA as the e2e run checks it; jsdom cannot compute colours, so contrast stays with e2e. */
async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('dashboard accessibility', () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [2, 'Required documents'],
    [3, 'Required documents'],
    [4, 'Documents Transmitted'],
  ])('has no axe violations at status %i', async (id, region) => {
    dashboardServer(taxStatus(id, { advancedInfoCompleted: id === 3 }), [aFile(1, 1), aFile(2, 5)]);
    const { container } = renderHome();
    await screen.findByRole('region', { name: region });
    expect(await violations(container)).toEqual([]);
  });

  it('has no axe violations while loading', async () => {
    dashboardServer(taxStatus(2));
    const { container } = renderHome();
    expect(screen.getByRole('status', { name: 'Loading your tax year' })).toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });
});
