import { describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryDirectory } from '../test/temporary-directory.js';
import { makeDataDirPrivate } from './private-data-dir.js';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('makeDataDirPrivate', () => {
  it('closes what an earlier start left open, and makes everything created afterwards private', () => {
    const previous = process.umask();
    try {
      process.umask(0o000);
      const dir = temporaryDirectory('taxli-private');
      mkdirSync(join(dir, 'pg', 'base'), { recursive: true, mode: 0o777 });
      writeFileSync(join(dir, 'pg', 'base', '1259'), 'catalog', { mode: 0o666 });
      writeFileSync(join(dir, 'master.key'), 'key', { mode: 0o644 });
      chmodSync(dir, 0o755);

      makeDataDirPrivate(dir);
      expect([mode(dir), mode(join(dir, 'pg')), mode(join(dir, 'pg', 'base'))]).toEqual([0o700, 0o700, 0o700]);
      expect([mode(join(dir, 'pg', 'base', '1259')), mode(join(dir, 'master.key'))]).toEqual([0o600, 0o600]);

      mkdirSync(join(dir, 'blobs'));
      writeFileSync(join(dir, 'blobs', 'new'), 'sealed');
      expect([mode(join(dir, 'blobs')), mode(join(dir, 'blobs', 'new'))]).toEqual([0o700, 0o600]);
    } finally {
      process.umask(previous);
    }
  });
});
