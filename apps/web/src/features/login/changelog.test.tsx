import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatReleaseDate } from './lib/changelog';
import { clearToasts, setLanguage } from '../../test/harness';
import { renderSignInForm, stubAudio, stubLoginServer } from './test-utils';

beforeEach(async () => {
  await setLanguage('en');
  stubAudio();
  stubLoginServer();
  clearToasts();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('en');
});

describe('change log', () => {
  it('opens from the version button with ten entries, v0.33 of June 3, 2025 first and v0.24 last', async () => {
    await renderSignInForm();
    const button = screen.getByRole('button', { name: /^v0\.33/ });
    expect(button).toHaveTextContent('v0.33');
    await userEvent.click(button);

    const dialog = await screen.findByRole('dialog', { name: "What's new in Taxli" });
    const entries = within(dialog).getAllByRole('listitem');
    expect(entries).toHaveLength(10);
    expect(entries[0]).toHaveTextContent('Version 0.33');
    expect(entries[0]).toHaveTextContent('June 3, 2025');
    expect(entries[9]).toHaveTextContent('Version 0.24');
    expect(entries.some((entry) => entry.textContent?.includes('+41'))).toBe(true);

    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('dates the entries in the reader language', async () => {
    await renderSignInForm();
    await act(() => i18next.changeLanguage('de'));
    await userEvent.click(screen.getByRole('button', { name: /^v0\.33/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Neu in Taxli' });
    expect(within(dialog).getAllByRole('listitem')[0]).toHaveTextContent('3. Juni 2025');
  });

  it('formats a release date per language without shifting the day', () => {
    expect(formatReleaseDate('2025-06-03', 'en')).toBe('June 3, 2025');
    expect(formatReleaseDate('2025-06-03', 'fr')).toBe('3 juin 2025');
    expect(formatReleaseDate('2025-06-03', 'it')).toBe('3 giugno 2025');
    expect(formatReleaseDate('2025-06-03', 'gsw')).toBe('3. Juni 2025');
  });
});
