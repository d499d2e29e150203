import { z } from 'zod';
import { fieldRule } from './field-errors.js';

/**
 * Swiss address lookup (part 2 §3, §5; DECISIONS D9: the server proxies a Nominatim-compatible
 * service, so the mapping of its answers lives here, shared by the server and its tests).
 */
export const ADDRESS_SEARCH_MIN_LENGTH = 3;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 500;
export const ADDRESS_SEARCH_LIMIT = 5;

/** Swiss postcodes are four digits from 1000 (Lausanne) to 9699; 9700+ are not Swiss addresses. */
export const SWISS_POSTCODE_RANGE = { min: 1000, max: 9699 } as const;

export function isSwissPostcode(value: string): boolean {
  if (!/^\d{4}$/.test(value)) return false;
  const n = Number(value);
  return n >= SWISS_POSTCODE_RANGE.min && n <= SWISS_POSTCODE_RANGE.max;
}

/** The refusal of a zip code that is no Swiss postcode, with its code for the client (field-errors.ts). */
export const swissPostcodeRule = fieldRule('Zip code must be a Swiss postcode (1000–9699)', 'NOT_SWISS_POSTCODE', { ...SWISS_POSTCODE_RANGE });

/** One suggestion of GET /api/address/search; a zod schema (its type inferred), checked in the API tests. */
export const addressSuggestion = z.strictObject({
  displayName: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  gemeinde: z.string(),
  state: z.string(),
  country: z.string(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestion>;

/**
 * §5: a house number is split from the street when the text ends with digits plus optional
 * letters ('Bahnhofstrasse 12a'). A text that is only a number stays the street: there is no
 * street name to keep.
 */
export function splitHouseNumber(streetText: string): { street: string; houseNumber: string } {
  const trimmed = streetText.trim();
  const match = /^(.*\S)\s+(\d+[a-zA-Z]*)$/.exec(trimmed);
  if (!match) return { street: trimmed, houseNumber: '' };
  return { street: match[1] ?? trimmed, houseNumber: match[2] ?? '' };
}

const text = z.string().optional().catch(undefined);

/**
 * One result of Nominatim's `/search?format=jsonv2&addressdetails=1` (or `format=json`): only the
 * fields the app reads, each dropped when it has an unexpected type, since the answer comes from
 * a third party.
 */
export const nominatimResult = z.object({
  display_name: text,
  address: z
    .object({
      road: text,
      pedestrian: text,
      house_number: text,
      postcode: text,
      city: text,
      town: text,
      village: text,
      hamlet: text,
      municipality: text,
      county: text,
      state: text,
      country: text,
      country_code: text,
    })
    .optional()
    .catch(undefined),
});
export type NominatimResult = z.input<typeof nominatimResult>;

/** The suggestion of one Nominatim result, or null when it is not a Swiss address or not a result at all. */
export function suggestionFromNominatim(result: unknown): AddressSuggestion | null {
  const parsed = nominatimResult.safeParse(result);
  if (!parsed.success) return null;
  const { display_name: displayName, address } = parsed.data;
  if (!address || address.country_code?.toLowerCase() !== 'ch') return null;
  const city = address.city ?? address.town ?? address.village ?? address.hamlet ?? '';
  return {
    displayName: displayName ?? '',
    street: address.road ?? address.pedestrian ?? '',
    houseNumber: address.house_number ?? '',
    postalCode: address.postcode ?? '',
    city,
    // A hamlet is part of a municipality, never one itself.
    gemeinde: address.municipality ?? address.city ?? address.town ?? address.village ?? '',
    state: address.state ?? '',
    country: address.country ?? '',
  };
}

/**
 * A suggestion as a person reads a Swiss address: "Seestrasse 120, 8800 Thalwil" (issue 28), built
 * from the structured parts rather than Nominatim's display name, which lists the house number
 * first and repeats the municipality, the canton and the country in four languages. A missing part
 * is left out with its separator; with neither street nor place the display name is all there is.
 */
export function formatSwissAddress(address: Pick<AddressSuggestion, 'street' | 'houseNumber' | 'postalCode' | 'city' | 'displayName'>): string {
  const streetLine = [address.street.trim(), address.street.trim() ? address.houseNumber.trim() : ''].filter(Boolean).join(' ');
  const placeLine = [address.postalCode.trim(), address.city.trim()].filter(Boolean).join(' ');
  const formatted = [streetLine, placeLine].filter(Boolean).join(', ');
  return formatted || address.displayName.trim();
}
