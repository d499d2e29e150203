/** Sign-in numbers (DECISIONS D13), in a module without zod so the login page can use them cheaply. */
export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** Per e-mail and source: the requesting IP, or the account's own remembered browser (D5). */
export const CODES_PER_EMAIL_PER_HOUR = 5;
/** Per IP, whatever the addresses (a remembered browser's requests are not the IP's). */
export const CODES_PER_IP_PER_HOUR = 30;
/**
 * Per e-mail from all IPs together: strangers cannot lock the owner out (each IP has its own 5),
 * but a request spread over many IPs is still bounded. The owner's remembered browser is not held
 * by it.
 */
export const CODES_PER_EMAIL_PER_HOUR_ALL_IPS = 20;
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_ABSOLUTE_HOURS = 12;
export const REMEMBER_DEVICE_DAYS = 30;

/**
 * The app's polls send this header (value '1'): a background request must not keep an idle
 * session alive, or a forgotten open tab would never time out (DECISIONS D13).
 */
export const BACKGROUND_REQUEST_HEADER = 'X-Taxli-Background';
