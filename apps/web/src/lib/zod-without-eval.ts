import { z } from 'zod';

// Zod builds a faster object parser with `new Function` when the page allows eval, and probes for
// that when a schema is created. The app's CSP allows no eval (script-src 'self'), so the probe
// only put a CSP violation in the browser's issues; the forms' small parses need no JIT. main.tsx
// imports this first, before any module that creates a schema.
z.config({ jitless: true });
