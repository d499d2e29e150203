import { z } from 'zod';

/** GET /api/address/search?q= (DECISIONS D9); the 3-character minimum is the service's, with its own message. */
export const addressSearchQuery = z.object({
  q: z.string({ error: 'a search text is required' }).max(200, 'at most 200 characters'),
});
