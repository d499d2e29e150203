/** Interface languages (DECISIONS D8). Eleven are listed; five are active and selectable. */
export const LANGUAGES = [
  { code: 'en', name: 'English', active: true },
  { code: 'de', name: 'Deutsch', active: true },
  { code: 'fr', name: 'Français', active: true },
  { code: 'it', name: 'Italiano', active: true },
  { code: 'gsw', name: 'Schwiizerdütsch', active: true },
  { code: 'zh', name: '中文', active: false },
  { code: 'es', name: 'Español', active: false },
  { code: 'ru', name: 'Русский', active: false },
  { code: 'ja', name: '日本語', active: false },
  { code: 'ar', name: 'العربية', active: false },
  { code: 'pt', name: 'Português', active: false },
] as const;

export const ACTIVE_LANGUAGES = ['en', 'de', 'fr', 'it', 'gsw'] as const;
export type ActiveLanguage = (typeof ACTIVE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: ActiveLanguage = 'en';

export function isActiveLanguage(code: unknown): code is ActiveLanguage {
  return typeof code === 'string' && (ACTIVE_LANGUAGES as readonly string[]).includes(code);
}

/** Long legal texts exist in en, de, fr, it; Swiss German shows the German text. */
export function legalTextLanguage(code: ActiveLanguage): Exclude<ActiveLanguage, 'gsw'> {
  return code === 'gsw' ? 'de' : code;
}
