import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReadResult, type ReaderOptions } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);

let prepared: Promise<unknown> | undefined;

/**
 * zxing-wasm fetches its wasm from a CDN unless told otherwise: the binary is read from
 * node_modules once per process, so a read never reaches the network.
 */
function prepareOnce(): Promise<unknown> {
  prepared ??= (async () => {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return prepared;
}

/** Grey or RGBA pixels, as a canvas hands them out. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

const PDF417_ONLY: ReaderOptions = { formats: ['PDF417'], tryHarder: true, maxNumberOfSymbols: 64 };

/**
 * Two binarizers: a rendered page scaled by a non-integer factor blurs module edges, and each
 * binarizer loses a different few symbols then (seen with 13-column symbols at 216 dpi).
 */
const PASSES: ReaderOptions[] = [{ ...PDF417_ONLY }, { ...PDF417_ONLY, binarizer: 'GlobalHistogram' }];

/** Every PDF417 symbol zxing decodes in an image (encoded PNG/JPEG bytes, or pixels). */
export async function decodePdf417(image: Uint8Array | Pixels): Promise<ReadResult[]> {
  await prepareOnce();
  const found: ReadResult[] = [];
  for (const pass of PASSES) {
    // zxing takes either pixels or the encoded file; the pixels are passed as an ImageData look-alike.
    found.push(...(await readBarcodes(image as Parameters<typeof readBarcodes>[0], pass)).filter((result) => result.isValid));
  }
  return found;
}
