import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test/temporary-directory.js';
import { claimDataDir, socketPath } from './data-dir-claim.js';
import { claimForServer } from './serve-backups.js';

describe('the DATA_DIR claim', () => {
  it('lets one process at a time hold a DATA_DIR, names the holder, and replaces a socket a dead process left', async () => {
    const dataDir = temporaryDirectory('taxli-claim');
    const restore = await claimDataDir(dataDir, 'restore');
    await expect(claimDataDir(dataDir, 'server')).rejects.toThrow(`A restore is running on ${dataDir}: wait until it ends.`);
    await expect(claimForServer({ dataDir, databaseUrl: 'postgres://x/y' }, console)).rejects.toThrow('A restore is running');
    await restore.close();

    // A process killed while it held the socket leaves the file behind.
    const child = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socketPath(dataDir))}, () => console.log('up'))`]);
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(existsSync(socketPath(dataDir))).toBe(true);
    const server = await claimDataDir(dataDir, 'server');
    await server.close();
  });

  it("refuses a second server on an embedded database's DATA_DIR; with PostgreSQL the second runs without answering backups", async () => {
    const dataDir = temporaryDirectory('taxli-claim');
    const first = await claimForServer({ dataDir, databaseUrl: undefined }, console);
    expect(statSync(socketPath(dataDir)).mode & 0o777).toBe(0o600);
    await expect(claimForServer({ dataDir, databaseUrl: undefined }, console)).rejects.toThrow(`A Taxli server is running on ${dataDir}: stop it first.`);
    const warnings: string[] = [];
    expect(await claimForServer({ dataDir, databaseUrl: 'postgres://x/y' }, { warn: (line: string) => void warnings.push(line) })).toBeUndefined();
    expect(warnings).toEqual([`Another Taxli server answers backups on ${dataDir}; this one does not.`]);
    await first?.close();
    expect(existsSync(socketPath(dataDir))).toBe(false);
  });
});
