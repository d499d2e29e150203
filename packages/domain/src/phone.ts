/** Phone country codes offered by the profile form; +41 is the default. */
export const COUNTRY_CODES = [
  { code: '+41', country: 'CH' },
  { code: '+49', country: 'DE' },
  { code: '+33', country: 'FR' },
  { code: '+39', country: 'IT' },
  { code: '+43', country: 'AT' },
  { code: '+423', country: 'LI' },
  { code: '+32', country: 'BE' },
  { code: '+352', country: 'LU' },
  { code: '+34', country: 'ES' },
] as const;

export type CountryCode = (typeof COUNTRY_CODES)[number]['code'];
export const DEFAULT_COUNTRY_CODE: CountryCode = '+41';
export const COUNTRY_CODE_VALUES = COUNTRY_CODES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

/** The phone input keeps digits only. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}
