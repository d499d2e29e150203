import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { Namespace } from '@taxli/i18n';
import { loadNamespaces } from '../lib/i18n';
import { RootLayout } from './root-layout';
import type { PageTitleKey, RouteHandle } from './page-title';

/** A lazily loaded page: its code and its texts arrive together, in parallel. */
const page = (namespaces: Namespace[], load: () => Promise<ComponentType>) => async () => {
  const [Component] = await Promise.all([load(), loadNamespaces(namespaces)]);
  return { Component };
};

type LegalKind = 'cookies' | 'privacy' | 'terms';

const titled = (title: PageTitleKey): { handle: RouteHandle } => ({ handle: { title } });

/**
 * Shown while the first page's code arrives: the same logo index.html paints before the JavaScript
 * (its boot splash), so the screen goes logo → page, never logo → blank → page.
 */
function InitialLoad() {
  return (
    <div className="boot-splash">
      <img src="/logo.svg" alt="Taxli" width={128} height={128} />
    </div>
  );
}

const legal = (kind: LegalKind) =>
  page(['legal'], async () => {
    const { LegalPage } = await import('../features/legal/legal-page');
    return () => <LegalPage kind={kind} />;
  });

/**
 * The dashboard with what other features put on it (features do not import each other): the review
 * inbox of read documents (issue 29). Both chunks load in parallel.
 */
const dashboard = async (): Promise<ComponentType> => {
  const [{ HomePage }, { ReviewInbox }] = await Promise.all([import('../features/home/home-page'), import('../features/inbox/review-inbox')]);
  return function Dashboard() {
    return <HomePage reviewInbox={ReviewInbox} />;
  };
};

const advancedTaxInfo = page(['advanced', 'categories'], async () => (await import('../features/advanced-tax-info/advanced-tax-info-page')).AdvancedTaxInfoPage);

/** Every route of the app; pages are loaded lazily so /login stays small. */
const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: InitialLoad,
    children: [
      { path: '/login', ...titled('login'), lazy: page(['login'], async () => (await import('../features/login/login-page')).LoginPage) },
      { path: '/cookies', ...titled('cookies'), lazy: legal('cookies') },
      { path: '/cookie-policy', ...titled('cookies'), lazy: legal('cookies') },
      { path: '/data-protection', ...titled('privacy'), lazy: legal('privacy') },
      { path: '/data-protection-policy', ...titled('privacy'), lazy: legal('privacy') },
      { path: '/terms-and-conditions', ...titled('terms'), lazy: legal('terms') },
      {
        // The signed-in shell (header, menus, session checks) loads only once someone is signed in.
        lazy: page(['dashboard'], async () => (await import('./signed-in-layout')).SignedInLayout),
        children: [
          { index: true, ...titled('home'), lazy: page(['dashboard', 'categories'], dashboard) },
          {
            path: '/file-history',
            ...titled('fileHistory'),
            lazy: page(['dashboard', 'categories'], async () => (await import('../features/file-history/file-history-page')).FileHistoryPage),
          },
          {
            path: '/review',
            ...titled('review'),
            lazy: page(['dashboard', 'categories', 'wizard', 'errors'], async () => (await import('../features/review/review-page')).ReviewPage),
          },
          // One lazy chunk for both paths; the legacy one takes the user from the session too (part 2 §2).
          { path: '/advanced-tax-info', ...titled('advanced'), lazy: advancedTaxInfo },
          { path: '/advanced-tax-info-legacy', ...titled('advanced'), lazy: advancedTaxInfo },
          {
            path: '/profile',
            ...titled('profile'),
            lazy: page(['profile'], async () => (await import('../features/profile/profile-page')).ProfilePage),
          },
          {
            path: '/cantons',
            ...titled('cantons'),
            lazy: page(['cantons'], async () => (await import('../features/cantons/cantons-page')).CantonsPage),
          },
          {
            path: '/tax-card-demo',
            ...titled('taxCardDemo'),
            lazy: page(['taxcards'], async () => (await import('../features/tax-cards/tax-card-demo-page')).TaxCardDemoPage),
          },
          {
            path: '/featuretest',
            ...titled('featuretest'),
            lazy: page(['featuretest'], async () => (await import('../features/featuretest/featuretest-page')).FeaturetestPage),
          },
          {
            path: '/pgbar',
            ...titled('pgbar'),
            lazy: page(['pgbar'], async () => (await import('../features/pgbar/pgbar-page')).PgbarPage),
          },
          {
            path: '/admin',
            ...titled('admin'),
            lazy: page(['admin', 'errors'], async () => (await import('../features/admin/admin-page')).AdminPage),
          },
          // The expert workspace (issue 27, D18): experts and admins; the page itself tells others no.
          {
            path: '/expert',
            ...titled('expertQueue'),
            lazy: page(['expert', 'errors'], async () => (await import('../features/expert/queue/queue-page')).ExpertQueuePage),
          },
          {
            path: '/expert/returns/:userId/:taxYear',
            ...titled('expertClientFile'),
            lazy: page(['expert', 'errors', 'categories', 'wizard', 'advanced'], async () => (await import('../features/expert/client-file/client-file-page')).ExpertClientFilePage),
          },
          {
            path: '/address-demo',
            ...titled('addressDemo'),
            lazy: page(['address'], async () => (await import('../features/address-demo/address-demo-page')).AddressDemoPage),
          },
        ],
      },
      {
        path: '*',
        ...titled('notFound'),
        lazy: page([], async () => (await import('../features/not-found/not-found-page')).NotFoundPage),
      },
    ],
  },
];

/**
 * Creating the router starts loading the current page's code and texts; main.tsx calls this as
 * early as it can, in a task of its own (with the routes' matching, about half of the start's work).
 */
export const createAppRouter = () => createBrowserRouter(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;
