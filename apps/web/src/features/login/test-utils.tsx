/**
 * Helpers for the login tests: the login page in a memory router, a fake Audio, and the calls the
 * page makes on arrival. The fake server and the rendering are the shared ones of src/test/harness.
 */
import { screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { json, LocationProbe, renderRoutes, signedOutCheck, stubServer, type Route } from '../../test/harness';
import { LoginPage } from './login-page';
import { markIntroSeen } from './intro/intro-seen';

/** What the login page asks on arrival: no session yet, the client configuration. */
const ARRIVAL_ROUTES: Record<string, Route> = {
  'GET /api/debug/check-auth': () => json(200, signedOutCheck),
  'GET /api/config': () => json(200, { debugTools: false, version: '0.1.0' }),
};

/** The shared fake server, answering the login page's arrival calls unless `routes` say otherwise. */
export function stubLoginServer(routes: Record<string, Route> = {}) {
  return stubServer({ ...ARRIVAL_ROUTES, ...routes });
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

export function renderLoginPage({ path = '/login', queryClient }: { path?: string; queryClient?: QueryClient } = {}) {
  return renderRoutes(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', Component: () => <LocationProbe name="Home page" /> },
      { path: '/profile', Component: () => <LocationProbe name="Profile page" /> },
      { path: '*', Component: () => <LocationProbe name="Other page" /> },
    ],
    { path, queryClient },
  );
}

/** Renders /login on a device that has seen the intro (D16), so the form shows at once. */
export async function renderSignInForm(options?: Parameters<typeof renderLoginPage>[0]) {
  markIntroSeen();
  const result = renderLoginPage(options);
  await screen.findByLabelText('E-mail');
  return result;
}
