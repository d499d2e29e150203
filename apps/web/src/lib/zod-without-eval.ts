// Zod builds a faster object parser with `new Function` when the page allows eval, and probes for
// that when an object schema is created. The app's CSP allows no eval (script-src 'self'), so the
// probe only put a CSP violation in the browser's issues; the forms' small parses need no JIT.
//
// Zod keeps its settings in `globalThis.__zod_globalConfig` (so that copies of zod share them) and
// keeps what it finds there. Writing `jitless` there, rather than calling `z.config`, keeps zod out
// of the first page's JavaScript: /login creates no schema, and zod loads with the pages that do.
// zod-without-eval.test.ts fails if a zod update stops reading it. main.tsx imports this first.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
export {};
