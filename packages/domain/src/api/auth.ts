import { z } from 'zod';
import { ACTIVE_LANGUAGES } from '../languages.js';
import { CODE_LENGTH } from '../auth-rules.js';

/** E-mail addresses are compared in lower case, without surrounding spaces. */
export const emailSchema = z
  .string({ error: 'E-mail is required' })
  .trim()
  .toLowerCase()
  .min(1, 'E-mail is required')
  .max(254, 'E-mail is too long')
  .pipe(z.email({ error: 'E-mail is not a valid address' }));

export const requestCodeBody = z.object({
  email: emailSchema,
  language: z.enum(ACTIVE_LANGUAGES).optional(),
});
export type RequestCodeBody = z.infer<typeof requestCodeBody>;

export const verifyCodeBody = z.object({
  email: emailSchema,
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `Code must be exactly ${CODE_LENGTH} digits`),
  rememberDevice: z.boolean().optional(),
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBody>;

export const quickRestoreBody = z.object({ email: emailSchema });

/*
 * The answers below are zod schemas (their types inferred) so that the route table can name them
 * and the API tests check every answer against them (docs/architecture.md, "Route table").
 */

export const requestCodeResponse = z.strictObject({
  message: z.string(),
  status: z.enum(['pending', 'success']),
});
export type RequestCodeResponse = z.infer<typeof requestCodeResponse>;

export const verifyCodeResponse = z.strictObject({
  success: z.literal(true),
  user: z.strictObject({
    id: z.number(),
    email: z.string(),
    isProfileComplete: z.boolean(),
    isAdmin: z.boolean(),
    /**
     * Issue 30: an expert or admin signed in by e-mail code alone, whose role's routes answer 403
     * SECOND_FACTOR_REQUIRED until a passkey confirms the session. Absent means false.
     */
    secondFactorRequired: z.boolean().optional(),
  }),
});
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponse>;

export const successResponse = z.strictObject({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponse>;

/** GET /api/debug/login-as/{userId} (DEBUG_TOOLS only). */
export type LoginAsResponse = VerifyCodeResponse;

/** GET /api/config: what the client needs to know about this server before sign-in. */
export const clientConfigResponse = z.strictObject({ debugTools: z.boolean(), version: z.string() });
export type ClientConfigResponse = z.infer<typeof clientConfigResponse>;

export const checkAuthResponse = z.strictObject({
  isAuthenticated: z.boolean(),
  success: z.boolean(),
  userId: z.number().nullable(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  /** As in the sign-in answer (issue 30). */
  secondFactorRequired: z.boolean().optional(),
});
export type CheckAuthResponse = z.infer<typeof checkAuthResponse>;
