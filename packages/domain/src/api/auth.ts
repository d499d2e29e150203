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

export interface RequestCodeResponse {
  message: string;
  status: 'pending' | 'success';
}

export interface VerifyCodeResponse {
  success: true;
  user: { id: number; email: string; isProfileComplete: boolean; isAdmin: boolean };
}

export interface SuccessResponse {
  success: true;
}

/** GET /api/debug/login-as/{userId} (DEBUG_TOOLS only). */
export type LoginAsResponse = VerifyCodeResponse;

/** GET /api/config: what the client needs to know about this server before sign-in. */
export interface ClientConfigResponse {
  debugTools: boolean;
  version: string;
}

export interface CheckAuthResponse {
  isAuthenticated: boolean;
  success: boolean;
  userId: number | null;
  email: string | null;
  isAdmin: boolean;
}
