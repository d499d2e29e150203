import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore } from './blob-store.js';
import { BlobIntegrityError, decryptStream, encryptStream, FRAME_BYTES, newDataKey, unwrapDataKey } from './envelope.js';
import { createLocalBlobStore } from './local-blob-store.js';
import { createS3BlobStore, HEALTH_PROBE_PREFIX } from './s3-blob-store.js';
import { startFakeS3, S3RVER_CREDENTIALS, type FakeS3 } from '../test/fake-s3.js';
import { temporaryDirectory } from '../test/temporary-directory.js';

const MASTER = randomBytes(32);
/** A recognisable document: a salary statement's text, repeated past several frames. */
const PLAINTEXT = Buffer.from('Lohnausweis 2025 - Anna Muster - AHV 756.1234.5678.97 - Bruttolohn CHF 98 765.00\n'.repeat(30_000));

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function seal(plain: Buffer, dataKey: Buffer): Promise<Buffer> {
  return collect(Readable.from([plain]).pipe(encryptStream(dataKey)));
}

/** Decrypts `sealed`, handed to the decryptor in pieces of `pieceBytes` (all at once by default). */
async function open(sealed: Buffer, dataKey: Buffer, pieceBytes = sealed.length): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let at = 0; at < sealed.length; at += pieceBytes) pieces.push(sealed.subarray(at, at + pieceBytes));
  const out: Buffer[] = [];
  await pipeline(Readable.from(pieces), decryptStream(dataKey), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) out.push(chunk);
  });
  return Buffer.concat(out);
}

/** True when any 32-byte window of the plaintext appears in the stored bytes. */
function containsPlaintext(stored: Buffer): boolean {
  for (let at = 0; at + 32 <= PLAINTEXT.length; at += 4099) {
    if (stored.includes(PLAINTEXT.subarray(at, at + 32))) return true;
  }
  return false;
}

describe('envelope encryption', () => {
  it('round-trips any length, including empty and exact frame multiples', async () => {
    const { dataKey } = newDataKey(MASTER);
    for (const size of [0, 1, FRAME_BYTES - 1, FRAME_BYTES, FRAME_BYTES + 1, 2 * FRAME_BYTES + 5]) {
      const plain = randomBytes(size);
      expect((await open(await seal(plain, dataKey), dataKey)).equals(plain)).toBe(true);
    }
  });

  it('wraps the data key with the master key; another master key cannot unwrap it', () => {
    const { dataKey, wrappedKey } = newDataKey(MASTER);
    expect(unwrapDataKey(MASTER, wrappedKey).equals(dataKey)).toBe(true);
    expect(() => unwrapDataKey(randomBytes(32), wrappedKey)).toThrow(BlobIntegrityError);
  });

  it('refuses a flipped byte, a cut-off end and a dropped frame', async () => {
    const { dataKey } = newDataKey(MASTER);
    const sealed = await seal(PLAINTEXT, dataKey);
    const flipped = Buffer.from(sealed);
    flipped.writeUInt8(flipped.readUInt8(flipped.length - 40) ^ 1, flipped.length - 40);
    await expect(open(flipped, dataKey)).rejects.toThrow(BlobIntegrityError);
    const frame = 4 + FRAME_BYTES + 16;
    await expect(open(sealed.subarray(0, 12 + frame), dataKey)).rejects.toThrow(/truncated/);
    const dropped = Buffer.concat([sealed.subarray(0, 12), sealed.subarray(12 + frame)]);
    await expect(open(dropped, dataKey)).rejects.toThrow(BlobIntegrityError);
  });
});

describe('envelope decryption', () => {
  it('opens a blob however its bytes are cut into pieces on the way', async () => {
    const { dataKey } = newDataKey(MASTER);
    const plain = randomBytes(FRAME_BYTES + 70_000);
    const sealed = await seal(plain, dataKey);
    for (const pieceBytes of [3, 4096, 65_536, FRAME_BYTES + 19]) {
      expect((await open(sealed, dataKey, pieceBytes)).equals(plain)).toBe(true);
    }
    const small = randomBytes(300);
    expect((await open(await seal(small, dataKey), dataKey, 1)).equals(small)).toBe(true);
  });

  it('reads blobs written with the earlier 64 KiB frames', async () => {
    const sealed = readFileSync(new URL('./fixtures/frames-64k.blob', import.meta.url));
    const plain = await open(sealed, Buffer.alloc(32, 7), 10_000);
    expect(plain.toString()).toBe(Array.from({ length: 9000 }, (_, i) => `Frame line ${i}\n`).join(''));
  });
});

interface Backend {
  name: string;
  store: () => BlobStore;
  /** Every byte the backend keeps, to look for plaintext in it. */
  storedBytes: () => Buffer[];
}

let s3: FakeS3 | undefined;
let localDir = '';
let local: BlobStore;
let remote: BlobStore;

beforeAll(async () => {
  localDir = temporaryDirectory('taxli-blobs');
  local = await createLocalBlobStore(localDir);
  s3 = await startFakeS3('taxli-test');
  remote = createS3BlobStore({ ...s3.settings, credentials: S3RVER_CREDENTIALS });
});

afterAll(async () => {
  await s3?.close();
});

function filesUnder(dir: string): Buffer[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)));
}

const backends: Backend[] = [
  { name: 'local directory', store: () => local, storedBytes: () => filesUnder(localDir) },
  { name: 'S3-compatible (s3rver on loopback)', store: () => remote, storedBytes: () => filesUnder(s3!.directory) },
];

describe.each(backends)('blob store: $name', ({ store, storedBytes }) => {
  const key = () => randomBytes(16).toString('hex');

  it('keeps encrypted bytes only: no 32-byte run of the document is stored', async () => {
    const { dataKey } = newDataKey(MASTER);
    const id = key();
    await store().put(id, Readable.from([PLAINTEXT]).pipe(encryptStream(dataKey)));
    const stored = storedBytes();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some(containsPlaintext)).toBe(false);
    const back = await collect((await store().get(id)).pipe(decryptStream(dataKey)));
    expect(back.equals(PLAINTEXT)).toBe(true);
  });

  it('leaves nothing under the key when the upload fails half-way', async () => {
    const id = key();
    const failing = new Readable({
      read() {
        this.push(randomBytes(64 * 1024));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store().put(id, failing)).rejects.toThrow();
    await expect(store().get(id)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('lists every complete blob with when it was written, and says it is ready', async () => {
    const ids = [key(), key()];
    const started = Date.now();
    for (const id of ids) await store().put(id, Readable.from([Buffer.from('x')]));
    const listed = new Map<string, Date>();
    for await (const blob of store().list()) listed.set(blob.key, blob.modifiedAt);
    for (const id of ids) {
      // Stores keep whole seconds; a minute either way is any clock's rounding.
      expect(Math.abs(listed.get(id)!.getTime() - started)).toBeLessThan(60_000);
    }
    await expect(store().check()).resolves.toBeUndefined();
    expect(await store().removeIncompleteWrites(new Date())).toBe(0);
  });

  it('deletes, and reports a missing blob as such', async () => {
    const id = key();
    await store().put(id, Readable.from([Buffer.from('x')]));
    await store().delete(id);
    await expect(store().get(id)).rejects.toBeInstanceOf(BlobNotFoundError);
  });
});

it('a tampered file on disk does not decrypt', async () => {
  const { dataKey } = newDataKey(MASTER);
  const id = randomBytes(16).toString('hex');
  await local.put(id, Readable.from([PLAINTEXT]).pipe(encryptStream(dataKey)));
  const path = join(localDir, id);
  const bytes = readFileSync(path);
  bytes.writeUInt8(bytes.readUInt8(100) ^ 0xff, 100);
  writeFileSync(path, bytes);
  await expect(collect((await local.get(id)).pipe(decryptStream(dataKey)))).rejects.toThrow(BlobIntegrityError);
});

it('lists complete blobs only, and removes the temporary files of writes last touched before a given time, and only those', async () => {
  const dir = temporaryDirectory('taxli-blobs');
  const store = await createLocalBlobStore(dir);
  const old = join(dir, `${randomBytes(16).toString('hex')}.partial`);
  const recent = join(dir, `${randomBytes(16).toString('hex')}.partial`);
  const key = randomBytes(16).toString('hex');
  await store.put(key, Readable.from([randomBytes(100)]));
  for (const path of [old, recent]) writeFileSync(path, randomBytes(100));
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  for (const path of [old, join(dir, key)]) utimesSync(path, twoHoursAgo, twoHoursAgo);

  const listed = [];
  for await (const blob of store.list()) listed.push(blob);
  expect(listed).toEqual([{ key, modifiedAt: twoHoursAgo }]);

  expect(await store.removeIncompleteWrites(new Date(Date.now() - 60 * 60 * 1000))).toBe(1);
  expect(existsSync(old)).toBe(false);
  expect(existsSync(recent)).toBe(true); // may belong to an upload still running
  expect(existsSync(join(dir, key))).toBe(true);
});

it('writes every piece of a blob whatever their sizes, readable by the server user only, and leaves no temporary file when a write fails', async () => {
  const dir = temporaryDirectory('taxli-blobs');
  const store = await createLocalBlobStore(dir);
  const pieces = [0, 1, 65_536, 3 * 1024 * 1024 + 7].map((size) => randomBytes(size));
  const id = randomBytes(16).toString('hex');
  await store.put(id, Readable.from(pieces));
  expect(readFileSync(join(dir, id)).equals(Buffer.concat(pieces))).toBe(true);
  expect(statSync(join(dir, id)).mode & 0o777).toBe(0o600);

  const failing = new Readable({
    read() {
      this.push(randomBytes(1024));
      this.destroy(new Error('client went away'));
    },
  });
  await expect(store.put(randomBytes(16).toString('hex'), failing)).rejects.toThrow('client went away');
  expect(readdirSync(dir)).toEqual([id]);
});

it('S3: a health probe a crash left is never listed as a blob, and is removed as an incomplete write', async () => {
  const { PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ region: s3!.settings.region, endpoint: s3!.settings.endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  await client.send(new PutObjectCommand({ Bucket: s3!.settings.bucket, Key: `${HEALTH_PROBE_PREFIX}left-by-a-crash`, Body: 'probe' }));
  await remote.check();

  const listed: string[] = [];
  for await (const blob of remote.list()) listed.push(blob.key);
  expect(listed.filter((key) => key.startsWith(HEALTH_PROBE_PREFIX))).toEqual([]);
  expect(await remote.removeIncompleteWrites(new Date(Date.now() - 60 * 60 * 1000))).toBe(0); // younger than the cut-off
  expect(await remote.removeIncompleteWrites(new Date(Date.now() + 60 * 1000))).toBe(1); // the probe check() wrote is gone already
});
