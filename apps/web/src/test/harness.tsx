/**
 * The one test harness of the web app, used by every component test: the fake server behind fetch,
 * sessions and users as the server describes them, and routes rendered in a memory router with the
 * real providers. A feature keeps only what is its own (the login tests: a fake Audio, the page).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { checklistFor, checklistPercent, ruledOutCategoryIds, type ChecklistResponse, type CheckAuthResponse, type FileRecord, type TaxProfileAnswers, type UserResponse } from '@taxli/domain';
import { dismissToast, toast } from '../components/ui/toast-store';
import { Toaster } from '../components/ui/toaster';
import { ClockProvider } from '../lib/clock';
import { resources } from '@taxli/i18n';
import { initI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An API error answer; `refusal` is the field code and its parameters a field refusal carries (issue 25). */
export function apiError(
  status: number,
  code: string,
  message: string,
  field?: string,
  refusal?: { fieldCode: string; params?: Record<string, string | number> },
): Response {
  const why = refusal ? { fieldCode: refusal.fieldCode, params: refusal.params ?? {} } : {};
  return json(status, { error: { code, message, ...(field ? { field, ...why } : {}) } });
}

export interface FakeRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

export type Route = Response | ((request: FakeRequest) => Response | Promise<Response>);

/** Stubs fetch with a tiny server: "METHOD /path?query" → answer. Unknown paths answer 404. */
export function stubServer(routes: Record<string, Route>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.url}`];
    if (!route) return apiError(404, 'NOT_FOUND', 'No such endpoint');
    return typeof route === 'function' ? route(request) : route.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    calls: (method: string, url: string) => requests.filter((r) => r.method === method && r.url === url),
  };
}

/** How the fake upload endpoint answers a form (see stubUploads): a status and body, or no answer at all. */
export type UploadAnswer = { status: number; body: unknown } | 'network-error';

/** One form posted through XMLHttpRequest, and where to. */
export interface SentUpload {
  url: string;
  form: FormData;
}

const noFiles = (): UploadAnswer => ({ status: 200, body: { files: [], failedCount: 0 } });

/**
 * Stubs XMLHttpRequest, the uploads' transport (fetch reports no upload progress): records each
 * form sent with its url and, after one progress event, answers with `answer(form)`, read when the
 * form is sent, so a test can change it between uploads; 'network-error' fails the request.
 */
export function stubUploads(answer: (form: FormData) => UploadAnswer = noFiles) {
  const uploads = { sent: [] as SentUpload[], answer };
  class FakeXhr {
    upload = { onprogress: null as null | ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) };
    onload: null | (() => void) = null;
    onerror: null | (() => void) = null;
    onabort: null | (() => void) = null;
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      uploads.sent.push({ url: this.url, form });
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        const answered = uploads.answer(form);
        if (answered === 'network-error') return this.onerror?.();
        this.status = answered.status;
        this.responseText = JSON.stringify(answered.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}

export const signedInCheck = (overrides: Partial<CheckAuthResponse> = {}): CheckAuthResponse => ({
  isAuthenticated: true,
  success: true,
  userId: 7,
  email: 'anna.muster@example.ch',
  isAdmin: false,
  ...overrides,
});

export const signedOutCheck: CheckAuthResponse = {
  isAuthenticated: false,
  success: true,
  userId: null,
  email: null,
  isAdmin: false,
};

export function aUser(overrides: Partial<UserResponse> = {}): UserResponse {
  return {
    id: 7,
    email: 'anna.muster@example.ch',
    name: 'Anna Muster',
    firstName: 'Anna',
    lastName: 'Muster',
    phone: '0791234567',
    countryCode: '+41',
    language: 'en',
    role: 'user',
    isAdmin: false,
    subscriptionPlan: 'basic',
    isProfileComplete: true,
    isTaxProfileComplete: false,
    hasAcceptedTerms: true,
    salutation: null,
    dateOfBirth: null,
    jobName: '',
    taxAddress: { street: null, houseNumber: null, zipCode: null, city: null, gemeinde: null },
    taxYear: 2025,
    taxStatus: 'profile_incomplete',
    taxYearStatuses: [],
    ...overrides,
  };
}

/** Shows where the router is, for assertions on navigation. */
export function LocationProbe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="location">
      {name} at {location.pathname}
      {location.search}
    </p>
  );
}

interface RenderOptions {
  path?: string;
  queryClient?: QueryClient;
  now?: () => Date;
}

/** The query clients of the views rendered in this test (renderRoutes), for unmountAndSettle. */
const renderedClients = new Set<QueryClient>();

/**
 * For a test file's afterEach, before it removes its stub server: unmounts the test's views while
 * the stubs still answer, and waits (2 s at most per client) until what they save as they go has
 * answered. The wizard saves what was typed as it unmounts; unmounted after the stubs were gone,
 * that save failed, and its retry a second later reached the next test's server (a second PUT
 * there, on a busy machine).
 */
export async function unmountAndSettle(): Promise<void> {
  cleanup();
  for (const client of renderedClients) {
    for (let look = 0; look < 80 && client.isMutating() > 0; look++) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  renderedClients.clear();
}

export function renderRoutes(routes: RouteObject[], { path = '/', queryClient = createQueryClient(), now }: RenderOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderedClients.add(queryClient);
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
  const view = render(now ? <ClockProvider now={now}>{app}</ClockProvider> : app);
  return { ...view, router, queryClient };
}

/** Where the memory router is now: path plus query. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

/**
 * The toasts on screen (the Notifications (F8) region, in any language). Radix repeats a toast's
 * text in a screen-reader announcement elsewhere, so a toast's text is asserted within this region.
 */
export function toastRegion(): HTMLElement {
  // hidden: an open modal dialog marks the rest of the page, toasts included, aria-hidden.
  return screen.getByRole('region', { name: /\(F8\)$/, hidden: true });
}

/** Toasts live in a module-level store; start every test without one. */
export function clearToasts(): void {
  dismissToast(toast({ title: '' }));
}

export async function setLanguage(language: string): Promise<void> {
  if (!i18next.isInitialized) void initI18n(window.localStorage, resources);
  await i18next.changeLanguage(language);
}

/** A document as GET /api/files lists it (its latest version). */
export function aFileRecord(id: number, categoryId: number, overrides: Partial<FileRecord> = {}): FileRecord {
  const name = overrides.name ?? `doc-${id}.pdf`;
  const uploadedAt = overrides.uploadedAt ?? '2026-03-01T10:00:00.000Z';
  return {
    id,
    filename: name,
    originalFileName: name,
    fileName: name,
    name,
    categoryId,
    categoryName: 'x',
    taxYear: 2025,
    uploadedAt,
    createdAt: uploadedAt,
    blobUrl: `/api/files/${id}/versions/1/content`,
    size: 2048,
    version: 1,
    versionCount: 1,
    sha256: 'a'.repeat(64),
    ...overrides,
  };
}

/**
 * GET /api/checklist's answer as the server builds it (D19): the items of `answers` (null: no
 * completed profile, D3's six), ticked by the files' categories and the marks given (id → reason).
 */
export function aChecklist(
  taxYear: number,
  { answers = null, files = [], marks = {}, statusId = 2 }: { answers?: TaxProfileAnswers | null; files?: FileRecord[]; marks?: Record<number, string>; statusId?: number } = {},
): ChecklistResponse {
  const categoryIdsWithFiles = files.map((file) => file.categoryId);
  const notApplicableCategoryIds = Object.keys(marks).map(Number);
  return {
    taxYear,
    personalised: answers !== null,
    percent: checklistPercent({ answers, categoryIdsWithFiles, notApplicableCategoryIds }),
    items: checklistFor(answers).map((item) => ({
      ...item,
      hasFile: categoryIdsWithFiles.includes(item.categoryId),
      notApplicable: marks[item.categoryId] === undefined ? null : { reason: marks[item.categoryId]!, at: '2026-03-01T10:00:00.000Z' },
    })),
    ruledOutCategoryIds: ruledOutCategoryIds(answers),
    current_status_id: statusId,
  };
}
