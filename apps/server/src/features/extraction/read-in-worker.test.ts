import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@taxli/domain';
import { createDocumentReading, type DocumentToRead } from './read-in-worker.js';

const FAKE_READERS = new URL('../../test/fake-readers.ts', import.meta.url);

/** A document to read under `fileName` (the fake readers act by name), its bytes coming as `body`. */
const document = (fileName: string, body: Readable, sizeBytes: number): DocumentToRead => ({
  open: async () => body,
  sizeBytes,
  contentType: 'application/pdf',
  fileName,
});

type Outcome = Awaited<ReturnType<ReturnType<typeof createDocumentReading>['read']>>;

/** What the fake "echo" reader read: its words (the count and SHA-256 of the bytes that reached it, and its process). */
const words = (outcome: Outcome) => (outcome.outcome === 'read' ? (outcome.result?.fields as { keywords: string[] }).keywords : []);

/** The count and SHA-256 of the bytes that reached the fake "echo" reader. */
const echoed = (outcome: Outcome) => (outcome.outcome === 'read' ? words(outcome).slice(0, 2) : outcome);

/** Which reader process read it ("pid 1234"). */
const readerProcess = (outcome: Outcome) => words(outcome)[2];

describe('the bytes of a document on their way to the reader process', () => {
  const reading = createDocumentReading({ timeBudgetMs: 10_000, memoryLimitMb: 64 }, FAKE_READERS);
  afterAll(() => reading.stop());

  it('arrive whole and in order from many frames, over several of the channel’s pieces, whatever size the row records', async () => {
    // About 20 MB in frames of up to 1 MiB, as storage decrypts them: three pieces of the channel.
    const pieces = Array.from({ length: 40 }, (_, n) => randomBytes(1 + ((n * 7919 * 131) % (1024 * 1024))));
    const whole = Buffer.concat(pieces);
    const sha256 = createHash('sha256').update(whole).digest('hex');
    for (const recorded of [whole.length, 10, whole.length * 2]) {
      const outcome = await reading.read(document('echo.pdf', Readable.from(pieces), recorded));
      expect(echoed(outcome)).toEqual([String(whole.length), sha256]);
    }
  });

  it('reject the read on a storage fault while they go, and the next document reads in a new process', async () => {
    async function* failing() {
      yield randomBytes(64 * 1024);
      throw Object.assign(new Error('i/o error reading the blob'), { code: 'EIO' });
    }
    const before = readerProcess(await reading.read(document('echo-0.pdf', Readable.from([Buffer.from('x')]), 1)));
    await expect(reading.read(document('echo-1.pdf', Readable.from(failing()), 128 * 1024))).rejects.toThrow('i/o error reading the blob');
    const next = Buffer.from('%PDF-1.7 the next one');
    const after = await reading.read(document('echo-2.pdf', Readable.from([next]), next.length));
    expect(echoed(after)).toEqual([String(next.length), createHash('sha256').update(next).digest('hex')]);
    // The process held part of a document: it was ended, and a new one read the next.
    expect(readerProcess(after)).toMatch(/^pid \d+$/);
    expect(readerProcess(after)).not.toBe(before);
  });

  it('stop at more than an upload may hold, before the excess is sent', async () => {
    // Only the pieces' lengths count: no 50 MB for the test.
    const tooLarge = Readable.from([Buffer.from([1]), { length: MAX_UPLOAD_BYTES }], { objectMode: true });
    await expect(reading.read(document('echo-3.pdf', tooLarge, 1))).rejects.toThrow('a stored version larger than an upload');
  });
});

describe('a document’s bytes in storage', () => {
  it('are opened only once the reader process is ready, and closed when the read ends', async () => {
    const reading = createDocumentReading({ timeBudgetMs: 10_000, memoryLimitMb: 64 }, FAKE_READERS);
    const bodies: Readable[] = [];
    const opened = (content: string): DocumentToRead => ({
      open: async () => {
        const body = Readable.from([Buffer.from(content)]);
        bodies.push(body);
        return body;
      },
      sizeBytes: content.length,
      contentType: 'application/pdf',
      fileName: 'echo.pdf',
    });
    const first = reading.read(opened('first'));
    const second = reading.read(opened('second'));
    // The second waits its turn behind the first, with nothing opened for it.
    expect(bodies).toHaveLength(0);
    await first;
    await second;
    expect(bodies).toHaveLength(2);
    expect(bodies.every((body) => body.destroyed)).toBe(true);
    await reading.stop();
    // Stopped: a document is not opened at all.
    expect(await reading.read(opened('never read'))).toEqual({ outcome: 'stopped' });
    expect(bodies).toHaveLength(2);
  });

  it('failing to open rejects the read, and the next one reads in the same process (it was sent nothing)', async () => {
    const reading = createDocumentReading({ timeBudgetMs: 10_000, memoryLimitMb: 64 }, FAKE_READERS);
    try {
      const before = readerProcess(await reading.read(document('echo.pdf', Readable.from([Buffer.from('y')]), 1)));
      const unavailable: DocumentToRead = { open: () => Promise.reject(new Error('the blob store is unavailable')), sizeBytes: 1, contentType: 'application/pdf', fileName: 'echo.pdf' };
      await expect(reading.read(unavailable)).rejects.toThrow('the blob store is unavailable');
      const after = await reading.read(document('echo.pdf', Readable.from([Buffer.from('x')]), 1));
      expect(echoed(after)).toEqual([String(1), createHash('sha256').update('x').digest('hex')]);
      expect(before).toMatch(/^pid \d+$/);
      expect(readerProcess(after)).toBe(before);
    } finally {
      await reading.stop();
    }
  });
});
