import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, renderRoutes, setLanguage } from '../../test/harness';
import { YearSelector } from './year-selector';

function Selector({ years }: { years?: number[] }) {
  const [year, setYear] = useState(years?.[1] ?? 2025);
  return (
    <>
      <YearSelector year={year} onChange={setYear} years={years} />
      <p data-testid="chosen">{year}</p>
    </>
  );
}

const render = (today: Date, years?: number[]) =>
  renderRoutes([{ path: '/', Component: () => <Selector years={years} /> }], { path: '/', now: () => today });

const yearButtons = () => within(screen.getByRole('group', { name: 'Tax year' })).getAllByRole('button');

describe('tax-year selector', () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
  });

  it('offers the last three years ending at the previous calendar year, by the injected clock', () => {
    render(new Date(2026, 10, 22));
    expect(yearButtons().map((b) => b.textContent)).toEqual(['2025', '2024', '2023']);
    expect(yearButtons().every((b) => !b.hasAttribute('aria-disabled'))).toBe(true);
  });

  it('moves on at New Year: on 1 January 2027 the year 2026 is offered and open', () => {
    render(new Date(2027, 0, 1));
    expect(yearButtons().map((b) => b.textContent)).toEqual(['2026', '2025', '2024']);
    expect(screen.getByRole('button', { name: '2026' })).not.toHaveAttribute('aria-disabled');
  });

  it('chooses an open year', async () => {
    render(new Date(2026, 10, 22));
    await userEvent.click(screen.getByRole('button', { name: '2023' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('2023');
    expect(screen.getByRole('button', { name: '2023' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '2025' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('does not choose a year before it opens: a toast says when, and a tooltip gives the date', async () => {
    render(new Date(2026, 11, 31), [2026, 2025, 2024]);
    const closed = screen.getByRole('button', { name: '2026' });
    expect(closed).toHaveAttribute('aria-disabled', 'true');
    expect(closed).toHaveAccessibleDescription('Filing opens January 1, 2027');
    await userEvent.click(closed);
    expect(screen.getByTestId('chosen')).toHaveTextContent('2025');
    expect(await screen.findByText('Swiss tax returns for 2026 can be filed starting January 1, 2027.')).toBeInTheDocument();
  });

  it('gives the opening date in the interface language', async () => {
    await setLanguage('de');
    render(new Date(2026, 5, 1), [2026, 2025]);
    expect(screen.getByRole('button', { name: '2026' })).toHaveAccessibleDescription('Einreichung ab 1. Januar 2027');
  });

  it('opens the year on 1 January of the next year, not before', () => {
    render(new Date(2027, 0, 1), [2027, 2026]);
    expect(screen.getByRole('button', { name: '2026' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: '2027' })).toHaveAttribute('aria-disabled', 'true');
  });
});
