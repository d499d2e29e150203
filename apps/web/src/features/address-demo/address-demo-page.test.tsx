import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressSuggestion } from '@taxli/domain';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import {
  aUser,
  apiError,
  clearToasts,
  currentPath,
  json,
  LocationProbe,
  renderRoutes,
  setLanguage,
  stubServer,
  toastRegion,
  type Route,
} from '../../test/harness';
import { AddressDemoPage } from './address-demo-page';

const suggestion: AddressSuggestion = {
  displayName: '12a, Bahnhofstrasse, Altstadt, Zürich, Bezirk Zürich, Zürich, 8001, Schweiz/Suisse/Svizzera/Svizra',
  street: 'Bahnhofstrasse',
  houseNumber: '12a',
  postalCode: '8001',
  city: 'Zürich',
  gemeinde: 'Zürich',
  state: 'Zürich',
  country: 'Schweiz',
};

function renderDemo(routes: Record<string, Route>) {
  const server = stubServer(routes);
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user(), aUser());
  queryClient.setQueryData(queryKeys.notifications, [{ id: 'missing-tax-address' }]);
  const result = renderRoutes(
    [
      { path: '/address-demo', Component: AddressDemoPage },
      { path: '/', Component: () => <LocationProbe name="Home page" /> },
    ],
    { path: '/address-demo', queryClient },
  );
  return { ...result, server };
}

describe('address demo', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('fills the fields from a suggestion, saves the tax address, refreshes user and notifications, and goes home after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server, router, queryClient } = renderDemo({
      'GET /api/address/search?q=Bahnhof': json(200, [suggestion]),
      'PUT /api/user/tax-address': json(200, aUser()),
      'GET /api/user': json(200, aUser()),
      'GET /api/notifications': json(200, []),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Address lookup' })).toBeInTheDocument();
    expect(screen.getByText('No address chosen yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Search for your address' }), 'Bahnhof');
    await act(() => vi.advanceTimersByTimeAsync(600));
    await user.click(await screen.findByRole('option'));

    expect(screen.getByLabelText('Street')).toHaveValue('Bahnhofstrasse');
    expect(screen.getByLabelText('House number')).toHaveValue('12a');
    expect(screen.getByLabelText('Zip code')).toHaveValue('8001');
    expect(screen.getByLabelText('City')).toHaveValue('Zürich');
    expect(screen.getByLabelText('Municipality (Gemeinde)')).toHaveValue('Zürich');
    expect(screen.getByText('Bahnhofstrasse 12a, 8001 Zürich', { selector: 'dd' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await within(toastRegion()).findByText('Address Saved')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/user/tax-address')[0]?.body).toEqual({
      street: 'Bahnhofstrasse',
      houseNumber: '12a',
      zipCode: '8001',
      city: 'Zürich',
      gemeinde: 'Zürich',
    });
    expect(queryClient.getQueryState(queryKeys.notifications)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.user())?.isInvalidated).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(currentPath(router)).toBe('/address-demo');
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('checks the postcode and the required fields before saving', async () => {
    const { server } = renderDemo({});
    await userEvent.type(await screen.findByLabelText('Street'), 'Dorfstrasse');
    await userEvent.type(screen.getByLabelText('Zip code'), '9800');
    expect(screen.getByText('Please enter a Swiss postcode (1000–9699)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/user/tax-address')).toHaveLength(0);
    expect(screen.getByText('Dorfstrasse, 9800', { selector: 'dd' })).toBeInTheDocument();
  });

  it('says when saving failed and stays', async () => {
    const { router } = renderDemo({ 'PUT /api/user/tax-address': apiError(500, 'INTERNAL', 'Boom') });
    await userEvent.type(await screen.findByLabelText('Street'), 'Dorfstrasse');
    await userEvent.type(screen.getByLabelText('Zip code'), '3000');
    await userEvent.type(screen.getByLabelText('City'), 'Bern');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await within(toastRegion()).findByText('Save failed')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/address-demo');
  });

  it("tells the server's refusal of a field in the person's language, never the server's English", async () => {
    await setLanguage('de');
    renderDemo({
      'PUT /api/user/tax-address': apiError(400, 'VALIDATION_ERROR', 'street: Too long', 'street', { fieldCode: 'TOO_LONG', params: { max: 100 } }),
    });
    await userEvent.type(await screen.findByLabelText('Strasse'), 'Dorfstrasse');
    await userEvent.type(screen.getByLabelText('PLZ'), '3000');
    await userEvent.type(screen.getByLabelText('Ort'), 'Bern');
    await userEvent.click(screen.getByRole('button', { name: 'Adresse speichern' }));
    const toasts = within(toastRegion());
    expect(await toasts.findByText('Speichern fehlgeschlagen')).toBeInTheDocument();
    expect(toasts.getByText('Höchstens 100 Zeichen.')).toBeInTheDocument();
    expect(toasts.queryByText('street: Too long')).not.toBeInTheDocument();
  });
});
