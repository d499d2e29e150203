// The size of the lazily loaded chunk of each big screen: the file Vite names after the page's
// module in apps/web/dist/assets (its own code only; shared chunks are counted with /login).
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const ASSETS = new URL('../../apps/web/dist/assets/', import.meta.url);

/** Chunk name prefixes of the screens to report (the page module's file name). */
const PAGES = [
  { name: 'tax-profile wizard (/profile?setup=tax)', prefix: 'tax-wizard-' },
  { name: 'Advanced Tax Information', prefix: 'advanced-tax-info-page-' },
];

export function measurePageChunks() {
  const files = readdirSync(ASSETS).filter((file) => file.endsWith('.js'));
  return PAGES.map(({ name, prefix }) => {
    const chunk = files.find((file) => file.startsWith(prefix) && /^[\w-]+-[\w-]{8}\.js$/.test(file));
    if (!chunk) return { name, file: null, raw: 0, gzip: 0 };
    const body = readFileSync(new URL(chunk, ASSETS));
    return { name, file: chunk, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
}
