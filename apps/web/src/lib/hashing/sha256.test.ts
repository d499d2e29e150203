import { createHash, randomBytes } from 'node:crypto';
import { scalar } from 'virtual:sha256-wasm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSha256 } from './sha256';
import { INPUT_BYTES } from './sha256-wat';

const reference = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const ascii = (text: string) => new TextEncoder().encode(text);

// Both variants the build makes: the worker takes SIMD where the browser has it, else the scalar.
describe.each(['simd', 'scalar'] as const)('SHA-256 block module, %s schedule', (schedule) => {
  it('gives the FIPS 180-4 example digests', async () => {
    const sha256 = await createSha256(schedule);
    const digestOf = (bytes: Uint8Array) => {
      sha256.init();
      sha256.update(bytes);
      return sha256.digest();
    };
    expect(digestOf(ascii('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(digestOf(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(digestOf(new Uint8Array(1_000_000).fill(0x61))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
    expect(digestOf(new Uint8Array(0))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('matches for every length up to three blocks, where the padding takes one block or two', async () => {
    const sha256 = await createSha256(schedule);
    for (let length = 0; length <= 192; length++) {
      const bytes = randomBytes(length);
      sha256.init();
      sha256.update(bytes);
      expect(sha256.digest(), `${length} bytes`).toBe(reference(bytes));
    }
  });

  it('gives the same digest however the bytes are split into updates, across its input area', async () => {
    const sha256 = await createSha256(schedule);
    const bytes = randomBytes(2 * INPUT_BYTES + 1000);
    for (const pieceBytes of [1, 63, 65, 4096 + 7, INPUT_BYTES - 1, INPUT_BYTES + 1, bytes.length]) {
      sha256.init();
      for (let at = 0; at < bytes.length; at += pieceBytes) sha256.update(bytes.subarray(at, at + pieceBytes));
      expect(sha256.digest(), `pieces of ${pieceBytes}`).toBe(reference(bytes));
    }
  });

  it('starts again from nothing after init(), whatever was hashed before', async () => {
    const sha256 = await createSha256(schedule);
    sha256.update(randomBytes(100));
    sha256.digest();
    sha256.update(randomBytes(30)); // a message given up half way
    sha256.init();
    expect((sha256.update(ascii('abc')), sha256.digest())).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('choice of the SHA-256 module', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes the scalar module where the browser has no WebAssembly SIMD, and still hashes right', async () => {
    vi.spyOn(WebAssembly, 'validate').mockReturnValue(false);
    const instantiate = vi.spyOn(WebAssembly, 'instantiate');
    const sha256 = await createSha256();
    expect(instantiate).toHaveBeenCalledWith(scalar);
    sha256.update(ascii('abc'));
    expect(sha256.digest()).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
