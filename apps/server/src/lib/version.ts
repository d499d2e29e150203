import { existsSync, readFileSync } from 'node:fs';

// Same relative path from src/lib and dist/lib: the server package's own version.
export const SERVER_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface BuildInfo {
  /** ISO time of the build; null when the server runs from its sources. */
  builtAt: string | null;
  commit: string | null;
}

/** Written by scripts/write-build-info.mjs next to the built code (dist/build-info.json); absent in development. */
function readBuildInfo(): BuildInfo {
  const file = new URL('../build-info.json', import.meta.url);
  if (!existsSync(file)) return { builtAt: null, commit: null };
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildInfo>;
  return { builtAt: parsed.builtAt ?? null, commit: parsed.commit ?? null };
}

export const BUILD_INFO: BuildInfo = readBuildInfo();
