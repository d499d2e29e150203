import { z } from 'zod';
import { ACTIVE_LANGUAGES } from '../languages.js';

export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODES_PER_EMAIL_PER_HOUR = 5;
export const CODES_PER_IP_PER_HOUR = 30;
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_ABSOLUTE_HOURS = 12;
export const REMEMBER_DEVICE_DAYS = 30;

/**
 * The app's polls send this header (value '1'): a background request must not keep an idle
 * session alive, or a forgotten open tab would never time out (DECISIONS D13).
 */
export const BACKGROUND_REQUEST_HEADER = 'X-Taxli-Background';

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
