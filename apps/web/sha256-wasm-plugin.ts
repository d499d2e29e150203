import type { Plugin } from 'vite';
import wabt from 'wabt';
import { sha256Wat, type Schedule } from './src/lib/hashing/sha256-wat.ts';

const ID = 'virtual:sha256-wasm';

/**
 * Compiles the hashing worker's SHA-256 (src/lib/hashing/sha256-wat.ts) from WebAssembly text to
 * binary at build time, with the WebAssembly toolkit's own assembler, and serves both variants as
 * the module `virtual:sha256-wasm`: `simd` and, for browsers without WebAssembly SIMD, `scalar`.
 */
export function sha256Wasm(): Plugin {
  return {
    name: 'taxli-sha256-wasm',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    async load(id) {
      if (id !== `\0${ID}`) return undefined;
      const toolkit = await wabt();
      const binary = (schedule: Schedule) => {
        const module = toolkit.parseWat(`sha256-${schedule}.wat`, sha256Wat(schedule));
        try {
          return Buffer.from(module.toBinary({}).buffer).toString('base64');
        } finally {
          module.destroy();
        }
      };
      return [
        `const bytes = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));`,
        `export const simd = bytes(${JSON.stringify(binary('simd'))});`,
        `export const scalar = bytes(${JSON.stringify(binary('scalar'))});`,
      ].join('\n');
    },
  };
}
