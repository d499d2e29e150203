import { createBrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';

type LegalKind = 'cookies' | 'privacy' | 'terms';

const legal = (kind: LegalKind) => async () => {
  const { LegalPage } = await import('../features/legal/legal-page');
  return { Component: () => <LegalPage kind={kind} /> };
};

/** Every route of the app; pages are loaded lazily so /login stays small. */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    children: [
      { path: '/login', lazy: async () => ({ Component: (await import('../features/login/login-page')).LoginPage }) },
      { path: '/cookies', lazy: legal('cookies') },
      { path: '/cookie-policy', lazy: legal('cookies') },
      { path: '/data-protection', lazy: legal('privacy') },
      { path: '/data-protection-policy', lazy: legal('privacy') },
      { path: '/terms-and-conditions', lazy: legal('terms') },
      {
        // The signed-in shell (header, menus, session checks) loads only once someone is signed in.
        lazy: async () => ({ Component: (await import('./signed-in-layout')).SignedInLayout }),
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/home/home-page')).HomePage }) },
          {
            path: '/profile',
            lazy: async () => ({ Component: (await import('../features/profile/profile-page')).ProfilePage }),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/not-found/not-found-page')).NotFoundPage }),
      },
    ],
  },
]);
