// The SHA-256 block function (FIPS 180-4) of the hashing worker, written out as WebAssembly text.
// Why our own: the issue asks the worker for at least half the speed of crypto.subtle, which uses
// the CPU's SHA instructions; the fastest SHA-256 in the npm registry (hash-wasm, compiled C)
// reached 0.46 of it (docs/performance.md). Computing the message schedule four words at a time
// with WebAssembly SIMD, and keeping every variable in a local, makes it about a third faster.
// Only whole 64-byte blocks are hashed here; buffering and padding are sha256.ts's.
//
// The module generated exports `memory` and `blocks(at, count)`: it hashes `count` blocks starting
// at byte `at` into the state at bytes 0..31 (eight little-endian words). The round constants
// live at ROUND_CONSTANTS_AT. The 64 rounds are unrolled: instead of moving a..h along after each
// round, round t reads them under names shifted by t, so the only moves are the two that SHA-256
// itself makes (d += t1, h = t1 + t2).

/** Where the message schedule is computed: four words at a time (SIMD) or one at a time. */
export type Schedule = 'simd' | 'scalar';

export const STATE_AT = 0;
const ROUND_CONSTANTS_AT = 64;
/** The first byte free for input; the memory holds INPUT_AT + INPUT_BYTES. */
export const INPUT_AT = 1024;
export const INPUT_BYTES = 1024 * 1024;
const PAGES = Math.ceil((INPUT_AT + INPUT_BYTES) / 65_536);

const ROUND_CONSTANTS = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

type Eight = [string, string, string, string, string, string, string, string];
const WORKING: Eight = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const get = (name: string) => `(local.get $${name})`;
const set = (name: string, value: string) => `(local.set $${name} ${value})`;
const rotr = (x: string, n: number) => `(i32.rotr ${x} (i32.const ${n}))`;
const xor3 = (x: string, y: string, z: string) => `(i32.xor (i32.xor ${x} ${y}) ${z})`;
const add = (...terms: string[]) => terms.reduce((sum, term) => `(i32.add ${sum} ${term})`);
const add4 = (...terms: string[]) => terms.reduce((sum, term) => `(i32x4.add ${sum} ${term})`);

/** Round t of the compression; `wk` is W[t] + K[t]. */
function round(t: number, wk: string): string[] {
  // Round t's a is the local named WORKING[-t mod 8], and so on (see the top of the file).
  const [a, b, c, d, e, f, g, h] = WORKING.map((_, i) => WORKING[(((i - t) % 8) + 8) % 8]) as Eight;
  const sigma1 = xor3(rotr(get(e), 6), rotr(get(e), 11), rotr(get(e), 25));
  const choose = `(i32.xor ${get(g)} (i32.and ${get(e)} (i32.xor ${get(f)} ${get(g)})))`;
  const sigma0 = xor3(rotr(get(a), 2), rotr(get(a), 13), rotr(get(a), 22));
  // Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and b ^ c is the previous round's a ^ b.
  const bc = t === 0 ? `(i32.xor ${get(b)} ${get(c)})` : get(`ab${(t + 1) % 2}`);
  const majority = `(i32.xor ${get(b)} (i32.and (local.tee $ab${t % 2} (i32.xor ${get(a)} ${get(b)})) ${bc}))`;
  return [
    set('t1', add(get(h), wk, sigma1, choose)),
    set(d, add(get(d), get('t1'))),
    set(h, add(get('t1'), sigma0, majority)),
  ];
}

/** The 64 rounds with the schedule one word at a time, in 16 rolling locals w0..w15. */
function scalarRounds(): string[] {
  const code: string[] = [];
  for (let t = 0; t < 64; t++) {
    const w = `w${t % 16}`;
    if (t < 16) {
      // Message words are big-endian; WebAssembly loads little-endian.
      const word = `(i32.load offset=${t * 4} align=1 (local.get $at))`;
      code.push(set('t1', word), set(w, `(i32.or (i32.and (i32.rotl ${get('t1')} (i32.const 8)) (i32.const 0x00ff00ff)) (i32.and ${rotr(get('t1'), 8)} (i32.const 0xff00ff00)))`));
    } else {
      const [w2, w7, w15] = [2, 7, 15].map((back) => get(`w${(t - back) % 16}`)) as [string, string, string];
      const s1 = xor3(rotr(w2, 17), rotr(w2, 19), `(i32.shr_u ${w2} (i32.const 10))`);
      const s0 = xor3(rotr(w15, 7), rotr(w15, 18), `(i32.shr_u ${w15} (i32.const 3))`);
      code.push(set(w, add(get(w), w7, s1, s0)));
    }
    code.push(...round(t, `(i32.add ${get(w)} (i32.const ${ROUND_CONSTANTS[t]! | 0}))`));
  }
  return code;
}

/**
 * The 64 rounds with the schedule four words at a time: x0..x3 hold W[t-16..t-1]. The next four
 * words need σ1 of the two words before each, so σ1 runs twice: on W[t-2], W[t-1] for the first
 * two new words, then on those for the last two.
 */
function simdRounds(): string[] {
  const code: string[] = [];
  const zero = '(v128.const i32x4 0 0 0 0)';
  const vrotr = (x: string, n: number) => `(v128.or (i32x4.shr_u ${x} (i32.const ${n})) (i32x4.shl ${x} (i32.const ${32 - n})))`;
  const vxor3 = (x: string, y: string, z: string) => `(v128.xor (v128.xor ${x} ${y}) ${z})`;
  const sigma0 = (x: string) => vxor3(vrotr(x, 7), vrotr(x, 18), `(i32x4.shr_u ${x} (i32.const 3))`);
  const sigma1 = (x: string) => vxor3(vrotr(x, 17), vrotr(x, 19), `(i32x4.shr_u ${x} (i32.const 10))`);
  // Lanes 1..4 of the pair (x, y): the words one further on, as x86's palignr takes them.
  const oneWordOn = (x: string, y: string) => `(i8x16.shuffle 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 ${x} ${y})`;
  const byteSwapEachWord = '3 2 1 0 7 6 5 4 11 10 9 8 15 14 13 12';
  for (let q = 0; q < 16; q++) {
    const [x0, x1, x2, x3] = [0, 1, 2, 3].map((i) => `x${(q + i) % 4}`) as [string, string, string, string];
    if (q < 4) {
      code.push(set(x0, `(i8x16.shuffle ${byteSwapEachWord} (v128.load offset=${q * 16} align=1 (local.get $at)) ${zero})`));
    } else {
      code.push(
        set('v', add4(get(x0), oneWordOn(get(x2), get(x3)), sigma0(oneWordOn(get(x0), get(x1))))),
        // σ1(W[t-2], W[t-1]) into lanes 0, 1; lanes 2, 3 get σ1(0) = 0.
        set('s', `(i8x16.shuffle 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 ${get(x3)} ${zero})`),
        set('v', `(i32x4.add ${get('v')} ${sigma1(get('s'))})`),
        // σ1 of the two words just made, into lanes 2, 3.
        set('s', `(i8x16.shuffle 16 17 18 19 20 21 22 23 0 1 2 3 4 5 6 7 ${get('v')} ${zero})`),
        set(x0, `(i32x4.add ${get('v')} ${sigma1(get('s'))})`),
      );
    }
    code.push(set('s', `(i32x4.add ${get(x0)} (v128.load offset=${ROUND_CONSTANTS_AT + q * 16} (i32.const 0)))`));
    for (let lane = 0; lane < 4; lane++) code.push(...round(q * 4 + lane, `(i32x4.extract_lane ${lane} ${get('s')})`));
  }
  return code;
}

/** Little-endian bytes of the round constants, as a WebAssembly data string. */
function roundConstantBytes(): string {
  return ROUND_CONSTANTS.flatMap((k) => [0, 8, 16, 24].map((shift) => `\\${((k >>> shift) & 255).toString(16).padStart(2, '0')}`)).join('');
}

/** The WebAssembly text of the SHA-256 block module (compiled at build time, see vite.config.ts). */
export function sha256Wat(schedule: Schedule): string {
  const words = schedule === 'simd' ? '(local $x0 v128) (local $x1 v128) (local $x2 v128) (local $x3 v128) (local $s v128) (local $v v128)' : Array.from({ length: 16 }, (_, i) => `(local $w${i} i32)`).join(' ');
  const state = (i: number) => `(i32.load offset=${STATE_AT + i * 4} (i32.const 0))`;
  return [
    '(module',
    `(memory (export "memory") ${PAGES})`,
    `(data (i32.const ${ROUND_CONSTANTS_AT}) "${roundConstantBytes()}")`,
    '(func (export "blocks") (param $at i32) (param $count i32)',
    `(local $end i32) (local $t1 i32) (local $ab0 i32) (local $ab1 i32) ${WORKING.map((n) => `(local $${n} i32)`).join(' ')} ${words}`,
    set('end', add(get('at'), '(i32.shl (local.get $count) (i32.const 6))')),
    ...WORKING.map((name, i) => set(name, state(i))),
    '(block $done (loop $next',
    '(br_if $done (i32.ge_u (local.get $at) (local.get $end)))',
    ...(schedule === 'simd' ? simdRounds() : scalarRounds()),
    ...WORKING.flatMap((name, i) => [set(name, add(get(name), state(i))), `(i32.store offset=${STATE_AT + i * 4} (i32.const 0) ${get(name)})`]),
    set('at', add(get('at'), '(i32.const 64)')),
    '(br $next)))',
    ')',
    ')',
  ].join('\n');
}
