import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { temporaryDirectory } from './test/temporary-directory.js';

const dataDir = () => temporaryDirectory('taxli-config');

describe('configuration', () => {
  it('starts on the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicOrigin: 'http://localhost:8080',
      databaseUrl: undefined,
      smtpUrl: undefined,
      debugTools: false,
      trustProxy: false,
      rateLimitPerMinute: 600,
      bodyIdleTimeoutMs: 30_000,
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the generated session secret across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(loadConfig({ DATA_DIR: dir }).sessionSecret);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://db'],
    ['SMTP_URL', 'http://mail'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['RATE_LIMIT_PER_MINUTE', 'many'],
    ['BODY_IDLE_TIMEOUT_MS', '5'],
    ['BODY_IDLE_TIMEOUT_MS', 'soon'],
    ['STORAGE_QUOTA_MB', '0'],
    ['STORAGE_QUOTA_MB', '2GB'],
    ['STORAGE_MIN_FREE_MB', '-1'],
    ['UPLOAD_MB_PER_HOUR', '1.5'],
    ['UPLOAD_FILES_PER_HOUR', '0'],
    ['SESSION_SECRET', 'short'],
    ['MASTER_KEY', 'too-short'],
    ['MASTER_KEY', 'ab'.repeat(31)],
    ['S3_ENDPOINT', 'not a url'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(name);
  });

  it('reads the flood-guard limit', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_PER_MINUTE: '1200' }).rateLimitPerMinute).toBe(1200);
  });

  it('reads the body idle limit', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), BODY_IDLE_TIMEOUT_MS: '5000' }).bodyIdleTimeoutMs).toBe(5000);
  });

  it('reads the storage limits in megabytes, with defaults a person never reaches', () => {
    const MB = 1024 * 1024;
    expect(loadConfig({ DATA_DIR: dataDir() }).storageLimits).toEqual({
      quotaBytes: 2048 * MB,
      minFreeBytes: 512 * MB,
      bytesPerHour: 500 * MB,
      filesPerHour: 200,
    });
    const set = { STORAGE_QUOTA_MB: '100', STORAGE_MIN_FREE_MB: '0', UPLOAD_MB_PER_HOUR: '10', UPLOAD_FILES_PER_HOUR: '5' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...set }).storageLimits).toEqual({
      quotaBytes: 100 * MB,
      minFreeBytes: 0,
      bytesPerHour: 10 * MB,
      filesPerHour: 5,
    });
  });
});

describe('master key', () => {
  it('is generated once into DATA_DIR and kept', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).masterKey;
    expect(first).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).masterKey.equals(first)).toBe(true);
  });

  it('reads 64 hex digits or base64 of 32 bytes', () => {
    const key = Buffer.alloc(32, 0xab);
    expect(loadConfig({ DATA_DIR: dataDir(), MASTER_KEY: key.toString('hex') }).masterKey.equals(key)).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), MASTER_KEY: key.toString('base64') }).masterKey.equals(key)).toBe(true);
  });

  it('chooses S3 only when a bucket is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'taxli-docs', S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toEqual({
      bucket: 'taxli-docs',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });
});
