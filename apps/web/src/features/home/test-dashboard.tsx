/** Shared fixtures for the dashboard's component tests: a year's status, files, and the page. */
import type { FileRecord, TaxStatusResponse, UserResponse } from '@taxli/domain';
import { TAX_STATUS_NAMES } from '@taxli/domain';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { aUser, json, LocationProbe, renderRoutes, signedInCheck, stubServer, type Route } from '../../test/harness';
import { HomePage } from './home-page';

/** 22 November 2026: the year in preparation is 2025. */
export const NOVEMBER_2026 = new Date(2026, 10, 22);
export const YEAR = 2025;

export const taxStatus = (id: number, extra: Partial<TaxStatusResponse> = {}): TaxStatusResponse => ({
  taxYear: YEAR,
  status: TAX_STATUS_NAMES[id - 1]!,
  current_status_id: id as TaxStatusResponse['current_status_id'],
  advancedInfoCompleted: false,
  transmittedAt: null,
  ...extra,
});

export const aFile = (id: number, categoryId: number, taxYear = YEAR): FileRecord => {
  const name = `doc-${id}.pdf`;
  return {
    id,
    filename: name,
    originalFileName: name,
    fileName: name,
    name,
    categoryId,
    categoryName: 'x',
    taxYear,
    uploadedAt: '2026-03-01T10:00:00.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    blobUrl: `/api/files/${id}/versions/1/content`,
    size: 2048,
    version: 1,
    versionCount: 1,
    sha256: 'a'.repeat(64),
  };
};

export const CATEGORIES = [1, 2, 3, 4, 5, 21].map((id) => ({ id, name: `Category ${id}`, description: '', section: 'required', required: true }));

/** The server behind the dashboard for one year; `extra` adds or replaces routes. */
export function yearRoutes(year: number, status: TaxStatusResponse | Route, files: FileRecord[] = []): Record<string, Route> {
  return {
    [`GET /api/tax-status?taxYear=${year}`]: status instanceof Response || typeof status === 'function' ? status : json(200, status),
    [`GET /api/files?taxYear=${year}`]: json(200, files),
    [`GET /api/document-categories?taxYear=${year}&mode=basic`]: json(200, CATEGORIES),
  };
}

export function dashboardServer(status: TaxStatusResponse | Route, files: FileRecord[] = [], extra: Record<string, Route> = {}) {
  return stubServer({
    ...yearRoutes(YEAR, status, files),
    'GET /api/debug/check-auth': json(200, signedInCheck()),
    'GET /api/notifications': json(200, []),
    ...extra,
  });
}

interface RenderHomeOptions {
  user?: UserResponse;
  today?: Date;
  path?: string;
}

/** The dashboard at `path` (default /) for a signed-in user, with a probe showing where the router is. */
export function renderHome({ user = aUser(), today = NOVEMBER_2026, path = '/' }: RenderHomeOptions = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user(), user);
  return renderRoutes(
    [
      {
        path: '/',
        Component: () => (
          <>
            <HomePage />
            <LocationProbe name="dashboard" />
          </>
        ),
      },
    ],
    { path, now: () => today, queryClient },
  );
}
