import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashInWorker } from './hash-file';

/** A stand-in for the browser's Worker: records what it is sent, answers or fails on request. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  sent: { id: number; file: Blob }[] = [];
  terminated = false;
  constructor() {
    FakeWorker.started.push(this);
  }
  postMessage(message: { id: number; file: Blob }) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(index: number, hash: string) {
    this.onmessage?.({ data: { id: this.sent[index]!.id, hash } } as MessageEvent);
  }
  fail() {
    this.onerror?.(new ErrorEvent('error', { message: 'the worker script could not be loaded' }));
  }
}

describe('hashing in the worker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fails the files waiting for a worker that could not start, and starts a new one for the next file', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const first = hashInWorker(new Blob(['a']));
    const second = hashInWorker(new Blob(['b']));
    const broken = FakeWorker.started.at(-1)!;
    broken.fail();
    await expect(first).rejects.toThrow('hashing failed');
    await expect(second).rejects.toThrow('hashing failed');
    expect(broken.terminated).toBe(true);

    const third = hashInWorker(new Blob(['c']));
    const fresh = FakeWorker.started.at(-1)!;
    expect(fresh).not.toBe(broken);
    fresh.answer(0, '2e7d2c03a9507ae265ecf5b5356885a53393a2029d241394997265a1a25aefc6');
    await expect(third).resolves.toBe('2e7d2c03a9507ae265ecf5b5356885a53393a2029d241394997265a1a25aefc6');
  });
});
