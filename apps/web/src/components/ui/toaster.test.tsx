import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, setLanguage, toastRegion } from '../../test/harness';
import { toast } from './toast-store';
import { Toaster } from './toaster';

describe('toaster', () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
  });

  it('names its region with the F8 hotkey and announces a toast without a raw placeholder', async () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Installation not available' }));
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Notification\s*Installation not available/));
    expect(document.body.textContent).not.toContain('{hotkey}');
  });

  it('shows one toast at a time: a new one replaces the one showing', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'First' }));
    act(() => void toast({ title: 'Second', description: 'More' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    const shown = within(toastRegion()).getAllByRole('listitem');
    expect(shown).toHaveLength(1);
    expect(within(shown[0]!).getByText('Second')).toBeInTheDocument();
    expect(within(shown[0]!).getByText('More')).toBeInTheDocument();
  });
});
