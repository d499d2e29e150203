import { readFileSync } from 'node:fs';

// Same relative path from src/lib and dist/lib: the server package's own version.
export const SERVER_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
