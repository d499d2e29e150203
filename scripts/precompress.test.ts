import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '../apps/web/scripts/precompress.mjs');

describe('the build’s pre-compression (apps/web/scripts/precompress.mjs)', () => {
  it('writes .br and .gz copies that decompress to the original, for text files of 1 KB or more only', () => {
    const dist = mkdtempSync(join(tmpdir(), 'taxli-precompress-'));
    mkdirSync(join(dist, 'assets'));
    const big = 'export const text = "Steuererklärung";\n'.repeat(100);
    writeFileSync(join(dist, 'assets', 'page-12345678.js'), big);
    writeFileSync(join(dist, 'index.html'), `<!doctype html>${'<p>Taxli</p>'.repeat(200)}`);
    writeFileSync(join(dist, 'assets', 'tiny-12345678.js'), 'export {}');
    writeFileSync(join(dist, 'icon.png'), Buffer.alloc(4096, 1));

    const run = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);

    const file = join(dist, 'assets', 'page-12345678.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(big);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(big);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(big.length / 5);
    expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'tiny-12345678.js.br'))).toBe(false);
    expect(existsSync(join(dist, 'icon.png.br'))).toBe(false);
  });
});
