import { expect, it } from 'vitest';

it('turns off zod’s eval probe without loading zod itself first', async () => {
  await import('./zod-without-eval');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});
