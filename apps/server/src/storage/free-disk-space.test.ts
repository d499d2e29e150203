import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freeDiskSpaceOf } from './free-disk-space.js';
import { temporaryDirectory } from '../test/temporary-directory.js';

describe('free disk space', () => {
  it('reads the bytes free on the disk of a directory', async () => {
    expect(await freeDiskSpaceOf(temporaryDirectory('taxli-free-disk'))()).toBeGreaterThan(0);
  });

  it('is unknown (no floor) when the directory cannot be read', async () => {
    expect(await freeDiskSpaceOf(join(temporaryDirectory('taxli-free-disk'), 'missing'))()).toBeUndefined();
  });
});
