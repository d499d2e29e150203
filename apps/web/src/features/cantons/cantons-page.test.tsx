import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cantonsJson } from '@taxli/domain';
import { createQueryClient } from '../../lib/query-client';
import { apiError, clearToasts, json, renderRoutes, setLanguage, stubServer, toastRegion, type Route } from '../../test/harness';
import { CantonsPage } from './cantons-page';

function renderCantons(answer: Route = json(200, cantonsJson()), queryClient = createQueryClient()) {
  const server = stubServer({ 'GET /cantons/cantons.json': answer });
  const view = renderRoutes([{ path: '/cantons', Component: CantonsPage }], { path: '/cantons', queryClient });
  return { ...view, server };
}

const list = () => screen.getByRole('list', { name: 'Cantons of Switzerland' });
const details = () => screen.getByRole('region', { name: 'Canton details' });

describe('/cantons', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("says 'Loading cantons...' until the list arrives, then shows all 26 with coat of arms, name and code", async () => {
    let answer: (response: Response) => void = () => undefined;
    renderCantons(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading cantons...');

    await act(async () => answer(json(200, cantonsJson())));
    const buttons = await within(list()).findAllByRole('button');
    expect(buttons).toHaveLength(26);
    expect(screen.queryByText('Loading cantons...')).not.toBeInTheDocument();
    // Sorted by the English name; named by name and code.
    expect(buttons.slice(0, 3).map((button) => button.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'false']);
    expect(within(list()).getByRole('button', { name: 'Zurich ZH' })).toBeInTheDocument();
    expect(within(list()).getByRole('img', { name: 'Coat of arms of Zurich' })).toHaveAttribute('src', '/cantons/zh.svg');
    expect(within(list()).getAllByRole('img')).toHaveLength(26);
    expect(details()).toHaveTextContent('Choose a canton to see its name, code and tax ID format.');
  });

  it('names the cantons in the interface language, by code', async () => {
    await setLanguage('fr');
    renderCantons();
    const buttons = await within(await screen.findByRole('list', { name: 'Cantons de la Suisse' })).findAllByRole('button');
    expect(buttons[0]).toHaveAccessibleName('Appenzell Rhodes-Extérieures AR');
    expect(screen.getByRole('img', { name: 'Armoiries de Genève' })).toBeInTheDocument();
  });

  it('shows the first two letters of the name when a coat of arms cannot be loaded', async () => {
    renderCantons();
    const image = await screen.findByRole('img', { name: 'Coat of arms of Geneva' });
    const card = image.closest('li') as HTMLElement;
    fireEvent.error(image);
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    expect(within(card).getByText('GE', { selector: '[aria-hidden]' })).toBeInTheDocument();
    expect(within(card).getByRole('button')).toHaveAccessibleName('Geneva GE');
    // The other cantons keep their shields.
    expect(within(list()).getAllByRole('img')).toHaveLength(25);
  });

  it('shows a canton without an image path by its first two letters', async () => {
    renderCantons(json(200, [{ name: 'Bern', code: 'BE', imagePath: '' }]));
    const card = (await screen.findByRole('button', { name: 'Bern BE' })).closest('li') as HTMLElement;
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('BEBern BE');
  });

  it('shows the chosen canton, its code and tax ID format; chosen by keyboard', async () => {
    const user = userEvent.setup();
    renderCantons();
    const zurich = await screen.findByRole('button', { name: 'Zurich ZH' });
    zurich.focus();
    await user.keyboard('{Enter}');
    expect(zurich).toHaveAttribute('aria-pressed', 'true');
    const shown = within(details());
    expect(shown.getByText('Zurich')).toBeInTheDocument();
    expect(shown.getByText('ZH')).toBeInTheDocument();
    expect(details()).toHaveTextContent('Tax ID formatXXX.XXX.XXX (9 digits)');
    expect(details()).toHaveTextContent('Example: 123.456.789');

    // Shift+Tab to the canton before it (Zug), Space chooses it.
    await user.tab({ shift: true });
    expect(document.activeElement).toHaveAccessibleName('Zug ZG');
    await user.keyboard(' ');
    expect(document.activeElement).toHaveAttribute('aria-pressed', 'true');
    expect(zurich).toHaveAttribute('aria-pressed', 'false');
    expect(details()).not.toHaveTextContent('Zurich');
    expect(details()).toHaveTextContent('Tax ID formatXXX.XXX.XX (8 digits)');
    expect(within(list()).getAllByRole('button', { pressed: true })).toEqual([document.activeElement]);
  });

  it("says 'Failed to load cantons data' and shows no canton when the list cannot be loaded", async () => {
    const { server } = renderCantons(apiError(500, 'INTERNAL', 'boom'));
    expect(await within(toastRegion()).findByText('Failed to load cantons data')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load cantons data');
    expect(within(list()).queryAllByRole('button')).toHaveLength(0);
    expect(server.calls('GET', '/cantons/cantons.json')).toHaveLength(1);
  });

  it('asks for the list once: a second visit uses the cached one', async () => {
    const queryClient = createQueryClient();
    const first = renderCantons(json(200, cantonsJson()), queryClient);
    await screen.findByRole('button', { name: 'Zurich ZH' });
    first.unmount();
    const second = renderCantons(json(200, cantonsJson()), queryClient);
    expect(await screen.findByRole('button', { name: 'Zurich ZH' })).toBeInTheDocument();
    expect(second.server.calls('GET', '/cantons/cantons.json')).toHaveLength(0);
  });
});
