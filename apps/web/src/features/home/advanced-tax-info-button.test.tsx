import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, setLanguage } from '../../test/harness';
import { AdvancedTaxInfoButton } from './advanced-tax-info-button';

const render = (statusId: number) => renderRoutes([{ path: '/', Component: () => <AdvancedTaxInfoButton statusId={statusId} /> }]);
const locked = () => screen.queryByRole('button', { name: 'Advanced Tax Info' });
const unlocked = () => screen.queryByRole('link', { name: 'Advanced Tax Info' });

describe('Advanced Tax Info button', () => {
  beforeEach(async () => {
    await setLanguage('en');
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('unlocks at status 3, looked at 200 ms after the status is known', async () => {
    render(3);
    expect(locked()).toBeDisabled();
    expect(locked()).toHaveAccessibleDescription('Complete document upload to unlock advanced features');
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(locked()).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(unlocked()).toHaveAttribute('href', '/advanced-tax-info');
    expect(unlocked()).toHaveAccessibleDescription('Advanced features unlocked');
  });

  it.each([4, 6])('is unlocked at status %i too', async (id) => {
    render(id);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(unlocked()).toBeInTheDocument();
  });

  it('stays locked below status 3', async () => {
    render(2);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(locked()).toBeDisabled();
    expect(unlocked()).not.toBeInTheDocument();
  });

  it('unlocks at once on the advancedTaxInfoAvailable event', () => {
    render(1);
    act(() => void window.dispatchEvent(new Event('advancedTaxInfoAvailable')));
    expect(unlocked()).toBeInTheDocument();
  });
});
