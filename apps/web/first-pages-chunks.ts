import type { Plugin, Rolldown } from 'vite';

/** The pages of a first visit: the sign-in page, and the signed-in layout with the dashboard. */
const LOGIN_PAGES = ['/src/features/login/login-page.tsx'];
/** The shell of every signed-in page. */
const SIGNED_IN_LAYOUT = ['/src/app/signed-in-layout.tsx'];
/** The dashboard is the home page with what the router puts on it from other features (the review inbox, issue 29). */
const DASHBOARD_PAGES = ['/src/features/home/home-page.tsx', '/src/features/inbox/review-inbox.tsx'];
/** What the start asks for a page before its code has arrived (app/session/start-session-early.ts). */
const PAGE_DATA = ['/src/app/session/page-data.ts'];

type ModuleGraph = Pick<Rolldown.PluginContext, 'getModuleIds' | 'getModuleInfo'>;

const APP_SOURCE = '/apps/web/src/';

/** The chunk of everything the entry imports, which index.html loads. */
export const APP_START_CHUNK = 'app-start';

/**
 * The app's own modules the given pages import without waiting (static imports, followed to the
 * end). Only the app's files: they import file by file, while a package's index re-exports all of
 * it (@taxli/domain, the icons), which would count every module behind it as used.
 */
function staticClosure(graph: ModuleGraph, pages: string[]): Set<string> {
  const ids = [...graph.getModuleIds()];
  const start = pages.map((page) => {
    const id = ids.find((candidate) => candidate.endsWith(page));
    // A page renamed or moved would silently give the bundler's 40 small files back.
    if (!id) throw new Error(`first-pages-chunks: ${page} is not in the build; update the list in first-pages-chunks.ts`);
    return id;
  });
  return closureOf(graph, start);
}

function closureOf(graph: ModuleGraph, start: string[]): Set<string> {
  const seen = new Set(start);
  for (const id of seen) {
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) if (imported.includes(APP_SOURCE)) seen.add(imported);
  }
  return seen;
}

/**
 * The app's own modules that the other lazily loaded parts import without waiting: every page but
 * the first ones, and a part a page loads as it opens (the tax wizard).
 */
function otherPagesClosure(graph: ModuleGraph, firstPages: string[]): Set<string> {
  const lazy = [...graph.getModuleIds()].filter(
    (id) => id.includes(APP_SOURCE) && (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0 && !firstPages.some((page) => id.endsWith(page)),
  );
  return closureOf(graph, lazy);
}

/**
 * The chunks of the first pages. Left to itself the bundler cuts one chunk per set of pages that
 * share a module: the entry came as 18 files and the dashboard added 37 more, most of a few hundred
 * bytes each. On HTTP/1.1 a phone fetches six at a time, one round trip after another, and the
 * preload link inserted for each file kept its main thread busy. Here everything the entry imports
 * is one file ('app-start'), and the app's own modules of the signed-in layout and the dashboard
 * are three: those the sign-in page uses too ('first-pages'), those every signed-in page loads or
 * shares with the dashboard ('signed-in'), and the dashboard's own ('dashboard'), which another
 * page opened first (Advanced Tax Information, say) never loads: with it came the home page's
 * files and theirs, about 55 KB of script that page never runs. What the start asks for a page
 * before its code ('page-data') is a small file of its own. The modules of packages
 * (icons, the domain rules, Zod) keep the bundler's cut: reached through a package's index, which
 * re-exports all of it, what each page really uses is not known here, and a wrong guess would put
 * bytes on the sign-in page (its budget: docs/performance.md). For the same reason a group does not
 * take in the dependencies of the modules it captures.
 */
export function firstPagesChunks() {
  let login = new Set<string>();
  let pageData = new Set<string>();
  let signedIn = new Set<string>();
  let dashboard = new Set<string>();
  const plugin: Plugin = {
    name: 'taxli-first-pages-chunks',
    apply: 'build',
    // The module graph is complete here; the chunks are cut after it, with the groups below.
    buildEnd() {
      login = staticClosure(this, LOGIN_PAGES);
      pageData = staticClosure(this, PAGE_DATA);
      const layout = staticClosure(this, SIGNED_IN_LAYOUT);
      const dashboardPages = staticClosure(this, DASHBOARD_PAGES);
      const otherPages = otherPagesClosure(this, [...LOGIN_PAGES, ...SIGNED_IN_LAYOUT, ...DASHBOARD_PAGES, ...PAGE_DATA]);
      signedIn = new Set([...layout, ...[...dashboardPages].filter((id) => otherPages.has(id))]);
      dashboard = new Set([...dashboardPages].filter((id) => !signedIn.has(id)));
    },
  };
  const firstVisit = (id: string) => signedIn.has(id) || dashboard.has(id);
  const groups = [
    // Everything the entry imports (the bundler's own tag); its small runtime stays a file beside it.
    { name: APP_START_CHUNK, tags: ['$initial' as const], priority: 5 },
    // Fetched while the session is checked: a file whose imports are the entry's and a domain
    // file, not a page's chunks and theirs (in 'signed-in', the asking waited three files deep).
    { name: 'page-data', test: (id: string) => pageData.has(id) && !login.has(id), priority: 4, includeDependenciesRecursively: false },
    { name: 'first-pages', test: (id: string) => login.has(id) && firstVisit(id), priority: 3, includeDependenciesRecursively: false },
    { name: 'signed-in', test: (id: string) => signedIn.has(id) && !login.has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'dashboard', test: (id: string) => dashboard.has(id) && !login.has(id), priority: 1, includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}
