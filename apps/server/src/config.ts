import { z } from 'zod';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
  .default('0')
  .transform((v) => v === '1' || v === 'true');

const emailList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })));

const megabytes = z.coerce.number({ error: 'must be a whole number of megabytes' }).int('must be a whole number of megabytes').min(0, 'must not be negative');

const MB = 1024 * 1024;

/** Every environment variable the server reads, with its default (README lists the same table). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_ORIGIN: z.url({ error: 'must be a URL such as http://localhost:8080' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave unset for the embedded database)')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps:// (leave unset for the dev outbox)')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Taxli <no-reply@taxli.localhost>'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: emailList,
  DEBUG_TOOLS: flag,
  TRUST_PROXY: z
    .string()
    .regex(/^[\w.:/,\s-]+$/, 'must be a comma-separated list of proxy addresses or ranges, e.g. 10.0.0.0/8')
    .optional(),
  MASTER_KEY: z
    .string()
    .refine((v) => masterKeyBytes(v) !== undefined, 'must be 32 bytes as 64 hex digits or base64')
    .optional(),
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  S3_ENDPOINT: z.url({ error: 'must be a URL such as https://s3.example.ch' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: flag,
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number of requests' })
    .int('must be a whole number of requests')
    .min(1, 'must be at least 1')
    .default(600),
  BODY_IDLE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .default(30_000),
  STORAGE_QUOTA_MB: megabytes.min(1, 'must be at least 1').default(2048),
  STORAGE_MIN_FREE_MB: megabytes.default(512),
  UPLOAD_MB_PER_HOUR: megabytes.min(1, 'must be at least 1').default(500),
  UPLOAD_FILES_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number of files' })
    .int('must be a whole number of files')
    .min(1, 'must be at least 1')
    .default(200),
  NOMINATIM_URL: z.url({ error: 'must be the URL of a Nominatim-compatible service, such as https://nominatim.example.ch' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicOrigin: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  adminEmails: string[];
  debugTools: boolean;
  logLevel: string;
  /**
   * Which reverse proxies may tell the client address (X-Forwarded-For): false (none, the default)
   * or their addresses/CIDRs (also 'loopback', 'uniquelocal'). Without it, behind a proxy every client shares the proxy's
   * address and the per-IP sign-in limit would count them all together.
   */
  trustProxy: false | string;
  /** Wraps every document's data key (DECISIONS D7); 32 bytes. */
  masterKey: Buffer;
  /** S3-compatible object storage when a bucket is set; otherwise encrypted files under DATA_DIR/blobs. */
  s3: { bucket: string; endpoint: string | undefined; region: string; forcePathStyle: boolean } | undefined;
  /** The coarse per-IP flood guard of every route (requests per minute per instance). */
  rateLimitPerMinute: number;
  /**
   * A request whose body sends no byte for this long is cut off (the connection closed): an upload
   * that stalls leaves nothing behind, and a stalled JSON body holds no socket (plugins/request-timeouts.ts).
   */
  bodyIdleTimeoutMs: number;
  /** What one account may store and upload, and the free disk the server keeps (features/files/upload-quota.ts). */
  storageLimits: StorageLimits;
  /** A Nominatim-compatible geocoder the address search proxies (DECISIONS D9); unset: no lookup, manual entry. */
  nominatimUrl: string | undefined;
  /** Where the built web app lives; unset in API tests. */
  webDistDir: string | undefined;
}

export interface StorageLimits {
  /** The sum of an account's stored document versions; an upload past it is refused (507 QUOTA_EXCEEDED). */
  quotaBytes: number;
  /** Uploads are refused (507 DISK_SPACE_LOW) while the local blob directory's disk has less free; 0: no floor. Not for S3. */
  minFreeBytes: number;
  /** What one account may add in any hour: bytes and files (429 UPLOAD_RATE_LIMITED with Retry-After). */
  bytesPerHour: number;
  filesPerHour: number;
}

export class ConfigError extends Error {}

/** DATA_DIR as the server resolves it; the backup and restore commands find the server's socket there. */
export function dataDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.DATA_DIR || './data');
}

export interface LoadOptions {
  /**
   * false: an unset MASTER_KEY with no DATA_DIR/master.key is an error instead of a new key. The
   * backup and restore commands ask so: a new key would open none of the stored documents.
   */
  createMasterKey?: boolean;
}

/** Reads and checks the environment once; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadOptions = {}): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = dataDirFrom(env);
  mkdirSync(dataDir, { recursive: true });
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(dataDir),
    adminEmails: e.ADMIN_EMAILS,
    debugTools: e.DEBUG_TOOLS && e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT_MS,
    masterKey: e.MASTER_KEY ? (masterKeyBytes(e.MASTER_KEY) as Buffer) : persistentMasterKey(dataDir, options.createMasterKey ?? true),
    s3: e.S3_BUCKET
      ? { bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, forcePathStyle: e.S3_FORCE_PATH_STYLE }
      : undefined,
    storageLimits: {
      quotaBytes: e.STORAGE_QUOTA_MB * MB,
      minFreeBytes: e.STORAGE_MIN_FREE_MB * MB,
      bytesPerHour: e.UPLOAD_MB_PER_HOUR * MB,
      filesPerHour: e.UPLOAD_FILES_PER_HOUR,
    },
    nominatimUrl: e.NOMINATIM_URL,
    webDistDir: undefined,
  };
}

function parseTrustProxy(value: string | undefined): false | string {
  return value === undefined || value === '0' || value === 'false' ? false : value;
}

/** Generated once and kept in DATA_DIR so sessions survive a restart. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** A master key given as 64 hex digits or as base64 of 32 bytes; undefined when it is neither. */
function masterKeyBytes(value: string): Buffer | undefined {
  const trimmed = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

/**
 * Generated once into DATA_DIR (mode 0600) when MASTER_KEY is not set. Losing it makes every stored
 * document unreadable: back it up with the data, or set MASTER_KEY from a secret store.
 */
function persistentMasterKey(dataDir: string, create: boolean): Buffer {
  const file = join(dataDir, 'master.key');
  if (existsSync(file)) {
    const key = masterKeyBytes(readFileSync(file, 'utf8'));
    if (!key) throw new ConfigError(`Invalid configuration:\n  ${file}: must hold a 32-byte key (hex or base64)`);
    return key;
  }
  if (!create) {
    throw new ConfigError(
      `Invalid configuration:\n  MASTER_KEY: not set, and ${file} does not exist. Backups never hold it: ` +
        'set MASTER_KEY to the key of the server the data belongs to, or put its master.key there.',
    );
  }
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600 });
  return key;
}
