import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { priorityCards, taxCardsFor, taxCategoryPreferences, type TaxCategoryPreferencesResponse, type TaxProfileAnswers } from '@taxli/domain';
import { apiError, clearToasts, json, LocationProbe, renderRoutes, setLanguage, stubServer, type Route } from '../../test/harness';
import { TaxCardDemoPage } from './tax-card-demo-page';

const now = () => new Date('2026-03-01T10:00:00Z');
const URL_2025 = 'GET /api/tax-category-preferences?taxYear=2025';

/** Children, one property, employed, Pillar 3a, living in Zurich: 8 of 21 cards in 5 of 11 groups. */
const answers: TaxProfileAnswers = {
  hasChildren: true,
  maritalStatus: 'individual',
  propertyOwner: true,
  numberOfProperties: 1,
  hasInvestments: false,
  hasPillar3a: true,
  employmentType: 'employed',
  cantonOfResidence: 'zurich',
};

function response(overrides: Partial<TaxCategoryPreferencesResponse> = {}, taxYear = 2025): TaxCategoryPreferencesResponse {
  const cards = taxCardsFor(answers);
  return {
    taxYear,
    isTaxProfileComplete: true,
    preferences: taxCategoryPreferences(answers),
    cards,
    completeness: 78,
    priorityCards: priorityCards(cards),
    ...overrides,
  };
}

function renderDemo(routes: Record<string, Route>, path = '/tax-card-demo') {
  const server = stubServer(routes);
  const view = renderRoutes(
    [
      { path: '/tax-card-demo', Component: TaxCardDemoPage },
      { path: '/profile', Component: () => <LocationProbe name="Profile page" /> },
    ],
    { path, now },
  );
  return { ...view, server };
}

const figure = (label: string) => {
  const term = within(screen.getByRole('region', { name: 'Summary' })).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('/tax-card-demo', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sums up the cards of the year in preparation and recommends up to three', async () => {
    const { server } = renderDemo({ [URL_2025]: json(200, response()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax cards' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Summary' });
    expect(server.calls('GET', '/api/tax-category-preferences?taxYear=2025')).toHaveLength(1);

    expect(figure('Active sections')).toBe('5/11');
    expect(figure('Enabled cards')).toBe('8/21');
    expect(figure('Profile completeness')).toBe('78%');
    expect(figure('Priority cards')).toBe('3');
    const recommendations = within(screen.getByRole('region', { name: 'Summary' })).getAllByRole('listitem');
    expect(recommendations.map((item) => item.textContent)).toEqual([
      'Child allowancesYou have children',
      'Childcare costsYou have children',
      'Education expensesYou have children',
    ]);
    // A complete profile: nothing to finish.
    expect(screen.queryByRole('link', { name: 'Complete your tax profile' })).not.toBeInTheDocument();
  });

  it("opens the sections with an enabled card, each with its 'n/m enabled' badge, and toggles them", async () => {
    renderDemo({ [URL_2025]: json(200, response()) });
    const sections = within(await screen.findByRole('region', { name: 'Tax sections' }));
    const toggles = sections.getAllByRole('button');
    expect(toggles.map((toggle) => [toggle.textContent, toggle.getAttribute('aria-expanded')])).toEqual([
      ['Family & Children 3/3 enabled', 'true'],
      ['Marriage & Relationships 0/2 enabled', 'false'],
      ['Property & Real Estate 2/3 enabled', 'true'],
      ['Investments & Securities 0/2 enabled', 'false'],
      ['Pension & Retirement 1/2 enabled', 'true'],
      ['Employment & Business 1/3 enabled', 'true'],
      ['Special Circumstances 0/2 enabled', 'false'],
      ['International & Foreign 0/1 enabled', 'false'],
      ['Social Security & Benefits 0/1 enabled', 'false'],
      ['Moving & Relocation 0/1 enabled', 'false'],
      ['Canton-Specific 1/1 enabled', 'true'],
    ]);

    // An open section shows its cards: title, description and why it applies or not.
    const property = document.getElementById(toggles[2]!.getAttribute('aria-controls')!)!;
    expect(property).toBeVisible();
    const propertyCards = within(property).getAllByRole('listitem');
    expect(propertyCards.map((card) => within(card).getByRole('heading', { level: 4 }).textContent)).toEqual([
      'Property expenses',
      'Mortgage interest',
      'Rental income',
    ]);
    expect(propertyCards[0]).toHaveTextContent('Maintenance, renovation and running costs of property you own.');
    expect(propertyCards[0]).toHaveTextContent('Applies: You own property');
    expect(propertyCards[2]).toHaveTextContent('Not applicable - property ownership, number of properties');

    // A closed one opens on request and shows its disabled cards.
    const marriage = toggles[1]!;
    const marriagePanel = document.getElementById(marriage.getAttribute('aria-controls')!)!;
    expect(marriagePanel).not.toBeVisible();
    fireEvent.click(marriage);
    expect(marriage).toHaveAttribute('aria-expanded', 'true');
    expect(marriagePanel).toBeVisible();
    expect(within(marriagePanel).getAllByRole('listitem').map((card) => card.lastChild?.textContent)).toEqual([
      'Not applicable - marital status',
      'Not applicable - alimony, marital status',
    ]);
    fireEvent.click(toggles[0]!);
    expect(toggles[0]).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks to complete the tax profile while the year has none', async () => {
    const none = taxCardsFor({});
    renderDemo({ [URL_2025]: json(200, response({ isTaxProfileComplete: false, cards: none, priorityCards: [], completeness: 0 })) });
    const link = await screen.findByRole('link', { name: 'Complete your tax profile' });
    expect(link).toHaveAttribute('href', '/profile?setup=tax');
    expect(screen.getByText('Your tax profile for 2025 is not complete yet, so the cards below may change.')).toBeInTheDocument();
    expect(figure('Enabled cards')).toBe('0/21');
    expect(figure('Active sections')).toBe('0/11');
    expect(screen.getByText('No card applies to you yet.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Tax sections' }))
        .getAllByRole('button')
        .filter((toggle) => toggle.getAttribute('aria-expanded') === 'true'),
    ).toEqual([]);
    fireEvent.click(link);
    expect(await screen.findByText('Profile page at /profile?setup=tax')).toBeInTheDocument();
  });

  it("says 'Unable to load tax card activation data' when the cards cannot be loaded, and tries again", async () => {
    let fail = true;
    renderDemo({ [URL_2025]: () => (fail ? apiError(500, 'INTERNAL', 'boom') : json(200, response())) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load tax card activation data');
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows another year on request, and the texts in the interface language', async () => {
    await setLanguage('de');
    const { server } = renderDemo({
      [URL_2025]: json(200, response()),
      'GET /api/tax-category-preferences?taxYear=2024': json(200, response({}, 2024)),
    });
    const year = await screen.findByRole('combobox', { name: 'Steuerjahr' });
    expect(year).toHaveValue('2025');
    expect(within(year).getAllByRole('option').map((option) => option.textContent)).toEqual(['2025', '2024', '2023']);
    fireEvent.change(year, { target: { value: '2024' } });
    await screen.findByRole('region', { name: 'Übersicht' });
    expect(server.calls('GET', '/api/tax-category-preferences?taxYear=2024')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Familie & Kinder 3/3 aktiv' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByText('Kinderzulagen')[0]).toBeInTheDocument();
  });
});
