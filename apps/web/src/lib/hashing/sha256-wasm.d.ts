/** The SHA-256 block module in both variants, compiled at build time (sha256-wasm-plugin.ts). */
declare module 'virtual:sha256-wasm' {
  export const simd: Uint8Array<ArrayBuffer>;
  export const scalar: Uint8Array<ArrayBuffer>;
}
