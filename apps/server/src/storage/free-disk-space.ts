import { statfs } from 'node:fs/promises';

/**
 * How many bytes the disk that holds the blobs has free for this process, or undefined when there
 * is no such disk (S3) or it cannot be read now (then no floor is applied: the write itself fails
 * if the disk is really gone). Injected into the app, so a test can say how full the disk is.
 */
export type FreeDiskSpace = () => Promise<number | undefined>;

/** The space free to an unprivileged process on the disk of `directory` (statfs: blocks available × block size). */
export function freeDiskSpaceOf(directory: string): FreeDiskSpace {
  return async () => {
    try {
      const disk = await statfs(directory);
      return disk.bavail * disk.bsize;
    } catch {
      return undefined;
    }
  };
}

/** Object storage has no disk of ours to keep free. */
export const noLocalDisk: FreeDiskSpace = async () => undefined;
