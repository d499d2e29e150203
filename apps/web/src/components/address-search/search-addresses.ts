import { useQuery } from '@tanstack/react-query';
import { routes, ADDRESS_SEARCH_MIN_LENGTH, splitHouseNumber, type AddressSuggestion } from '@taxli/domain';
import { callApi } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** GET /api/address/search?q=: Swiss suggestions, at most five (the server proxies the geocoder, D9). */
export function searchAddresses(q: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
  return callApi(routes.searchAddress, { query: { q }, signal });
}

/** Searches once the (already debounced) text has 3 characters; an answer is reused for 5 minutes. */
export function useAddressSuggestions(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: queryKeys.addressSearch(query),
    queryFn: ({ signal }) => searchAddresses(query, signal),
    enabled: query.length >= ADDRESS_SEARCH_MIN_LENGTH,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The address fields a suggestion fills (part 2 §4): street, house number, zip, city, gemeinde. */
export interface AddressFields {
  street: string;
  houseNumber: string;
  zipCode: string;
  city: string;
  gemeinde: string;
}

/** A suggestion as form fields; a house number still inside the street is split off (§5). */
export function addressFieldsOf(suggestion: AddressSuggestion): AddressFields {
  const split = suggestion.houseNumber ? { street: suggestion.street, houseNumber: suggestion.houseNumber } : splitHouseNumber(suggestion.street);
  return {
    street: split.street,
    houseNumber: split.houseNumber,
    zipCode: suggestion.postalCode,
    city: suggestion.city,
    gemeinde: suggestion.gemeinde || suggestion.city,
  };
}
