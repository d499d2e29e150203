/** Sign-in numbers (DECISIONS D13), in a module without zod so the login page can use them cheaply. */
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
