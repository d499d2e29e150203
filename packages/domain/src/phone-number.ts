import { digitsOnly, type CountryCode } from './phone.js';

/**
 * Countries whose numbers are dialled at home with a leading 0 that E.164 leaves out ("079 123 45 67"
 * is +41 79 123 45 67). Italy keeps its 0 (+39 06 …); Liechtenstein, Luxembourg and Spain have none.
 */
const TRUNK_ZERO: ReadonlySet<CountryCode> = new Set<CountryCode>(['+41', '+49', '+33', '+43', '+32']);

/** Digits of a national significant number in Switzerland: "791234567" (E.164 +41 79 123 45 67). */
const SWISS_NATIONAL_DIGITS = 9;

/**
 * The one stored form of a phone number (issue 28): the national significant number, digits only,
 * under its country code — so that country code and number together are the E.164 number
 * (`+41` + `791234567` = `+41791234567`), whether the person typed "079 123 45 67",
 * "0041 79 123 45 67", "+41 79 123 45 67" or "79 123 45 67". The API keeps its two fields
 * (phone digits only, countryCode) and the stored `phone` is always this form.
 */
export function normalisePhone(countryCode: CountryCode, typed: string): string {
  const dialling = countryCode.slice(1);
  const trimmed = typed.trim();
  let digits = digitsOnly(trimmed);
  if (digits.startsWith(`00${dialling}`)) digits = digits.slice(2 + dialling.length);
  else if (trimmed.startsWith('+') && digits.startsWith(dialling)) digits = digits.slice(dialling.length);
  // "41791234567": the country code typed without its + (the phone input keeps digits only).
  else if (countryCode === '+41' && digits.length === SWISS_NATIONAL_DIGITS + 2 && digits.startsWith(dialling)) digits = digits.slice(2);
  if (TRUNK_ZERO.has(countryCode) && digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}

/** The E.164 form of a stored phone number: "+41791234567"; empty when there is no number. */
export function phoneE164(countryCode: CountryCode, phone: string): string {
  const national = normalisePhone(countryCode, phone);
  return national ? `${countryCode}${national}` : '';
}
