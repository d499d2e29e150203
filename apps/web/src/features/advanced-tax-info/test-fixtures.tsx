/** What the Advanced Tax Information tests share: the year's answers and the rendered screen. */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdvancedTaxInfoResponse, ChecklistResponse, FileRecord, TaxCategoryPreferences } from '@taxli/domain';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { aChecklist, aUser, json, renderRoutes, signedInCheck, stubServer, type Route } from '../../test/harness';
import { AdvancedTaxInfoPage } from './advanced-tax-info-page';

export const november2026 = new Date(2026, 10, 22);
export const YEAR = 2025;

export function anInfo(overrides: Partial<AdvancedTaxInfoResponse> = {}): AdvancedTaxInfoResponse {
  return {
    taxYear: YEAR,
    sections: { authorization: true, investments: false, deductions: false, realEstate: false, foreignIncome: false, spouse: false, children: false },
    relevance: {},
    completed: false,
    spouse: null,
    children: [],
    authorization: null,
    fileCounts: {},
    versions: { spouse: 0, children: 0, authorization: 0 },
    ...overrides,
  };
}

export const allTabs: TaxCategoryPreferences = { investments: true, deductions: true, realEstate: true, foreignIncome: true, spouse: true, children: true };

interface YearOptions {
  info?: AdvancedTaxInfoResponse;
  preferences?: TaxCategoryPreferences;
  files?: FileRecord[];
  numberOfChildren?: number;
  /** The tax profile's canton slug ('zurich'). */
  cantonOfResidence?: string;
  /** The year's checklist (D19); by default D3's six without a profile, which rules nothing out. */
  checklist?: ChecklistResponse;
}

/** The reads of one year. */
export function yearRoutes(
  year: number,
  { info = anInfo({ taxYear: year }), preferences = allTabs, files = [], numberOfChildren = 0, cantonOfResidence, checklist = aChecklist(year, { files }) }: YearOptions = {},
): Record<string, Route> {
  return {
    [`GET /api/advanced-tax-info?taxYear=${year}`]: json(200, info),
    [`GET /api/tax-category-preferences?taxYear=${year}`]: json(200, { taxYear: year, isTaxProfileComplete: true, preferences, cards: [], completeness: 100, priorityCards: [] }),
    [`GET /api/files?taxYear=${year}`]: json(200, files),
    [`GET /api/checklist?taxYear=${year}`]: json(200, checklist),
    [`GET /api/tax-profile?taxYear=${year}`]: json(200, { taxYear: year, answers: { hasChildren: numberOfChildren > 0, numberOfChildren, cantonOfResidence } }),
  };
}

export function advancedServer(options: YearOptions = {}, extra: Record<string, Route> = {}) {
  return stubServer({ 'GET /api/debug/check-auth': json(200, signedInCheck()), ...yearRoutes(YEAR, options), ...extra });
}

export function renderAdvanced(path = '/advanced-tax-info') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.auth, signedInCheck());
  queryClient.setQueryData(queryKeys.user(), aUser());
  return renderRoutes(
    [
      { path: '/advanced-tax-info', Component: AdvancedTaxInfoPage },
      { path: '/advanced-tax-info-legacy', Component: AdvancedTaxInfoPage },
    ],
    { path, now: () => november2026, queryClient },
  );
}

/** The screen once the year's data is there. */
export async function renderLoaded(path?: string) {
  const rendered = renderAdvanced(path);
  await waitFor(() => expect(screen.queryByText('Loading user data...')).not.toBeInTheDocument());
  await screen.findByRole('tablist', { name: 'Sections' });
  return rendered;
}

/** A tab's panel, opened by clicking its tab. */
export async function openTab(name: string, user: { click: (element: Element) => Promise<void> }) {
  await user.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}
