import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressSuggestion } from '@taxli/domain';
import { apiError, clearToasts, json, renderRoutes, setLanguage, stubServer, toastRegion, type Route } from '../../test/harness';
import { AddressSearch } from './address-search';

/** As the server passes them on: Nominatim's display name, house number first, the canton and the country in four languages. */
function aSuggestion(street: string, houseNumber: string, postalCode: string, city: string): AddressSuggestion {
  return {
    displayName: `${houseNumber}, ${street}, ${city}, ${city}, Zürich, ${postalCode}, Schweiz/Suisse/Svizzera/Svizra`,
    street,
    houseNumber,
    postalCode,
    city,
    gemeinde: city,
    state: 'Zürich',
    country: 'Schweiz',
  };
}

const SUGGESTIONS = [aSuggestion('Bahnhofstrasse', '1', '8001', 'Zürich'), aSuggestion('Bahnhofplatz', '12a', '3011', 'Bern')];
const url = (q: string) => `/api/address/search?q=${encodeURIComponent(q)}`;

function renderSearch(routes: Record<string, Route>) {
  const server = stubServer(routes);
  const onSelect = vi.fn();
  renderRoutes([{ path: '/', Component: () => <AddressSearch onSelect={onSelect} /> }]);
  return { server, onSelect, input: () => screen.getByRole('combobox', { name: 'Search for your address' }) };
}

describe('address search', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks nothing below 3 characters and once, 500 ms after the typing stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server, input } = renderSearch({ [`GET ${url('Bahn')}`]: json(200, SUGGESTIONS) });
    await user.type(await screen.findByRole('combobox'), 'Ba');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(server.requests).toHaveLength(0);

    await user.type(input(), 'hn');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(server.requests).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(150));
    await waitFor(() => expect(server.requests.map((r) => r.url)).toEqual([url('Bahn')]));
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(input()).toHaveAttribute('aria-expanded', 'true');
  });

  it.each(['en', 'fr'])('lists each suggestion as "Street 12, 8800 Place", not the raw geocoder text (%s)', async (language) => {
    await setLanguage(language);
    const thalwil = { ...aSuggestion('Seestrasse', '120', '8800', 'Thalwil'), displayName: '120, Seestrasse, Thalwil, Thalwil, Zürich, 8800, Schweiz/Suisse/Svizzera/Svizra' };
    const noNumber = aSuggestion('Seestrasse', '', '8802', 'Kilchberg');
    renderSearch({ [`GET ${url('Seestrasse')}`]: json(200, [thalwil, noNumber]) });
    await userEvent.type(await screen.findByRole('combobox'), 'Seestrasse');
    const options = await screen.findAllByRole('option', {}, { timeout: 2000 });
    expect(options.map((option) => option.textContent)).toEqual(['Seestrasse 120, 8800 Thalwil', 'Seestrasse, 8802 Kilchberg']);
    expect(screen.queryByText(/Svizzera/)).not.toBeInTheDocument();
  });

  it('chooses a suggestion with the arrow keys and Enter, fills the fields and says so', async () => {
    const { input, onSelect } = renderSearch({ [`GET ${url('Bahnhof')}`]: json(200, SUGGESTIONS) });
    await userEvent.type(await screen.findByRole('combobox'), 'Bahnhof');
    const options = await screen.findAllByRole('option', {}, { timeout: 2000 });
    expect(options).toHaveLength(2);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');

    expect(onSelect).toHaveBeenCalledWith(
      { street: 'Bahnhofplatz', houseNumber: '12a', zipCode: '3011', city: 'Bern', gemeinde: 'Bern' },
      SUGGESTIONS[1],
    );
    expect(input()).toHaveValue('Bahnhofplatz 12a, 3011 Bern');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(within(toastRegion()).getByText('Address selected')).toBeInTheDocument();
    expect(
      within(toastRegion()).getByText('Address fields have been filled automatically. Please review before continuing.'),
    ).toBeInTheDocument();
  });

  it('closes the list with Escape without choosing', async () => {
    const { input, onSelect } = renderSearch({ [`GET ${url('Bahnhof')}`]: json(200, SUGGESTIONS) });
    await userEvent.type(await screen.findByRole('combobox'), 'Bahnhof');
    await screen.findAllByRole('option', {}, { timeout: 2000 });
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('splits a house number still inside the street', async () => {
    const joined = { ...aSuggestion('Seestrasse 4b', '', '8800', 'Thalwil'), gemeinde: '' };
    const { onSelect } = renderSearch({ [`GET ${url('Seestr')}`]: json(200, [joined]) });
    await userEvent.type(await screen.findByRole('combobox'), 'Seestr');
    await userEvent.click(await screen.findByRole('option', {}, { timeout: 2000 }));
    expect(onSelect).toHaveBeenCalledWith({ street: 'Seestrasse', houseNumber: '4b', zipCode: '8800', city: 'Thalwil', gemeinde: 'Thalwil' }, joined);
  });

  it('says when no Swiss address was found', async () => {
    renderSearch({ [`GET ${url('Nowhere')}`]: json(200, []) });
    await userEvent.type(await screen.findByRole('combobox'), 'Nowhere');
    expect(
      await screen.findByText('No Swiss addresses found. Please try a more specific search or include the canton/city name.', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
  });

  it('says when the suggestions could not be fetched', async () => {
    renderSearch({ [`GET ${url('Bahnhof')}`]: apiError(502, 'ADDRESS_LOOKUP_FAILED', 'The address service did not answer') });
    await userEvent.type(await screen.findByRole('combobox'), 'Bahnhof');
    expect(await screen.findByText('Failed to fetch address suggestions. Please try again.', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('says that the search is unavailable and manual entry works (503)', async () => {
    renderSearch({ [`GET ${url('Bahnhof')}`]: apiError(503, 'ADDRESS_LOOKUP_UNAVAILABLE', 'Address lookup is not configured') });
    await userEvent.type(await screen.findByRole('combobox'), 'Bahnhof');
    expect(
      await screen.findByText('The address search is unavailable at the moment. You can enter your address in the fields below.', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
  });

  it('says calmly that the search is busy (429) and keeps what was typed', async () => {
    const { input } = renderSearch({
      [`GET ${url('Bahnhof')}`]: apiError(429, 'ADDRESS_LOOKUP_BUSY', 'The address search is busy'),
    });
    await userEvent.type(await screen.findByRole('combobox'), 'Bahnhof');
    expect(
      await screen.findByText('The address search is busy right now. Try again in a moment, or enter your address in the fields below.', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(input()).toHaveValue('Bahnhof');
  });
});
