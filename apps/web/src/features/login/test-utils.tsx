/** Helpers for the login tests: a fake server (fetch), a fake Audio, and the page in a memory router. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { dismissToast, toast } from '../../components/ui/toast-store';
import { Toaster } from '../../components/ui/toaster';
import { resources } from '@taxli/i18n';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { LoginPage } from './login-page';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, code: string, message: string, field?: string): Response {
  return json(status, { error: { code, message, ...(field ? { field } : {}) } });
}

export interface FakeRequest {
  method: string;
  url: string;
  body: unknown;
}

type Route = Response | ((request: FakeRequest) => Response | Promise<Response>);

const DEFAULT_ROUTES: Record<string, Route> = {
  'GET /api/debug/check-auth': () =>
    json(200, { isAuthenticated: false, success: true, userId: null, email: null, isAdmin: false }),
  'GET /api/config': () => json(200, { debugTools: false, version: '0.1.0' }),
};

/** Stubs fetch with a tiny server: "METHOD /path" → answer. Unknown paths answer 404. */
export function stubServer(routes: Record<string, Route> = {}) {
  const all = { ...DEFAULT_ROUTES, ...routes };
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const route = all[`${request.method} ${request.url}`];
    if (!route) return apiError(404, 'NOT_FOUND', 'No such endpoint');
    return typeof route === 'function' ? route(request) : route.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests, calls: (method: string, url: string) => requests.filter((r) => r.method === method && r.url === url) };
}

/** A stand-in for HTMLAudioElement: records every play() and answers with `FakeAudio.next`. */
export class FakeAudio {
  static instances: FakeAudio[] = [];
  /** How the next play() ends; by default it plays. */
  static next: (audio: FakeAudio) => Promise<void> = () => Promise.resolve();
  volume = 1;
  muted = false;
  paused = true;
  ended = false;
  currentTime = 0;
  preload = '';
  readonly plays: Array<{ muted: boolean }> = [];
  constructor(readonly src: string) {
    FakeAudio.instances.push(this);
  }
  play(): Promise<void> {
    this.plays.push({ muted: this.muted });
    return FakeAudio.next(this).then(() => {
      this.paused = false;
    });
  }
  pause(): void {
    this.paused = true;
  }
  static reset(): void {
    FakeAudio.instances = [];
    FakeAudio.next = () => Promise.resolve();
  }
  static withSrc(src: string): FakeAudio[] {
    return FakeAudio.instances.filter((audio) => audio.src === src);
  }
}

export function stubAudio(): void {
  FakeAudio.reset();
  vi.stubGlobal('Audio', FakeAudio);
}

/** Toasts live in a module-level store; start every test without one. */
export function clearToasts(): void {
  dismissToast(toast({ title: '' }));
}

export async function resetLanguage(): Promise<void> {
  if (!i18next.isInitialized) void initI18n(window.localStorage, resources);
  await i18next.changeLanguage('en');
}

function LocationProbe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} at {location.pathname}
      {location.search}
    </p>
  );
}

export function renderLoginPage({ path = '/login', queryClient = createQueryClient() }: { path?: string; queryClient?: QueryClient } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', Component: () => <LocationProbe name="Home page" /> },
      { path: '/profile', Component: () => <LocationProbe name="Profile page" /> },
      { path: '*', Component: () => <LocationProbe name="Other page" /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders /login and skips the intro, as a keyboard user would. */
export async function renderSignInForm(options?: Parameters<typeof renderLoginPage>[0]) {
  const result = renderLoginPage(options);
  fireEvent.click(await screen.findByRole('button', { name: 'Skip intro' }));
  await screen.findByLabelText('E-mail');
  return result;
}
