import { scalar, simd } from 'virtual:sha256-wasm';
import { INPUT_AT, INPUT_BYTES, STATE_AT } from './sha256-wat';

// Incremental SHA-256 over the WebAssembly block function of sha256-wat.ts: the bytes given to
// update() are gathered in the module's memory and hashed a whole number of 64-byte blocks at a
// time; digest() adds the padding of FIPS 180-4 §5.1.1.

const INITIAL_STATE = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

interface BlockModule {
  memory: WebAssembly.Memory;
  blocks(at: number, count: number): void;
}

/** The SIMD variant where the browser has WebAssembly SIMD (every current one), else the scalar. */
export async function createSha256(schedule: 'simd' | 'scalar' = WebAssembly.validate(simd) ? 'simd' : 'scalar'): Promise<Sha256> {
  const { instance } = await WebAssembly.instantiate(schedule === 'simd' ? simd : scalar);
  return new Sha256(instance.exports as unknown as BlockModule);
}

export class Sha256 {
  private readonly bytes: Uint8Array;
  /** Bytes waiting in the input area for a whole block. */
  private waiting = 0;
  private length = 0;

  constructor(private readonly module: BlockModule) {
    // The memory never grows, so this view stays valid.
    this.bytes = new Uint8Array(module.memory.buffer);
    this.init();
  }

  init(): void {
    new Uint32Array(this.module.memory.buffer, STATE_AT, 8).set(INITIAL_STATE);
    this.waiting = 0;
    this.length = 0;
  }

  update(data: Uint8Array): void {
    this.length += data.length;
    for (let from = 0; from < data.length; ) {
      const taken = Math.min(INPUT_BYTES - this.waiting, data.length - from);
      this.bytes.set(data.subarray(from, from + taken), INPUT_AT + this.waiting);
      this.waiting += taken;
      from += taken;
      this.hashWholeBlocks();
    }
  }

  /** The digest as lowercase hex; call init() before hashing the next message. */
  digest(): string {
    const bits = this.length * 8;
    const padding = new Uint8Array((this.waiting % 64 < 56 ? 64 : 128) - (this.waiting % 64));
    padding[0] = 0x80;
    const view = new DataView(padding.buffer);
    view.setUint32(padding.length - 8, Math.floor(bits / 2 ** 32));
    view.setUint32(padding.length - 4, bits >>> 0);
    this.update(padding);
    return Array.from(new Uint32Array(this.module.memory.buffer, STATE_AT, 8), (word) => word.toString(16).padStart(8, '0')).join('');
  }

  private hashWholeBlocks(): void {
    const whole = this.waiting - (this.waiting % 64);
    if (whole === 0) return;
    this.module.blocks(INPUT_AT, whole / 64);
    // The part block left over moves to the front of the input area.
    this.bytes.copyWithin(INPUT_AT, INPUT_AT + whole, INPUT_AT + this.waiting);
    this.waiting -= whole;
  }
}
