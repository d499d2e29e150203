import { z } from 'zod';
import { CANTON_CODES, type CantonJsonEntry } from '../cantons.js';
import { defineRoute, json } from './route.js';

const part = z.enum(['ok', 'unreachable']);

/** GET /api/health: 200 when database and blob store both answer, else 503 naming the part that does not. */
export const healthResponse = z.strictObject({
  ok: z.boolean(),
  status: z.enum(['ok', 'degraded']),
  database: part,
  blobStore: part,
  /** The local blob store's free space; absent for S3 or when it cannot be read now. */
  blobStoreFreeBytes: z.number().optional(),
  blobStoreFreeInodes: z.number().optional(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

const cantonsResponse = z.array(z.strictObject({ name: z.string(), code: z.enum(CANTON_CODES), imagePath: z.string() })) satisfies z.ZodType<CantonJsonEntry[]>;

/** Operations and static reference data. */
export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'For a load balancer: 200 when database and blob store answer, else 503',
    response: json<HealthResponse>(healthResponse),
  }),
  cantons: defineRoute({
    method: 'GET',
    path: '/cantons/cantons.json',
    access: 'public',
    summary: 'The 26 cantons with name, code and coat of arms',
    response: json<CantonJsonEntry[]>(cantonsResponse),
  }),
} as const;
