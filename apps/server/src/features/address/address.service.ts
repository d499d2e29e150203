import { LRUCache } from 'lru-cache';
import PQueue from 'p-queue';
import { ADDRESS_SEARCH_LIMIT, ADDRESS_SEARCH_MIN_LENGTH, suggestionFromNominatim, type AddressSuggestion } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';

export interface AddressDeps {
  /** A Nominatim-compatible service; unset, the lookup answers 503 and the forms take manual entry. */
  nominatimUrl: string | undefined;
  /** Nominatim's usage policy asks every client to identify itself. */
  userAgent: string;
  /** At most one upstream request per this many milliseconds, for the whole process (queued, not refused). */
  minIntervalMs?: number;
  timeoutMs?: number;
}

const CACHE_ENTRIES = 2000;
const CACHE_HOURS = 24;

/**
 * The Swiss address lookup of part 2 §5, proxied (DECISIONS D9): the browser never talks to the map
 * service, so it sees neither the person's address nor their IP. Answers are cached, the same query
 * asked twice at once goes upstream once, and upstream calls keep to one per second.
 */
export function createAddressService({ nominatimUrl, userAgent, minIntervalMs = 1000, timeoutMs = 5000 }: AddressDeps) {
  const cache = new LRUCache<string, AddressSuggestion[]>({ max: CACHE_ENTRIES, ttl: CACHE_HOURS * 3_600_000 });
  const pending = new Map<string, Promise<AddressSuggestion[]>>();
  const upstream = new PQueue({ concurrency: 1, interval: minIntervalMs, intervalCap: 1 });

  async function ask(query: string): Promise<AddressSuggestion[]> {
    const url = new URL('search', nominatimUrl!.endsWith('/') ? nominatimUrl : `${nominatimUrl}/`);
    url.search = new URLSearchParams({
      q: query,
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'ch',
      limit: String(ADDRESS_SEARCH_LIMIT),
    }).toString();
    let results: unknown;
    try {
      const response = await fetch(url, { headers: { 'user-agent': userAgent, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`status ${response.status}`);
      results = await response.json();
    } catch {
      throw new AppError(502, 'ADDRESS_LOOKUP_FAILED', 'The address search did not answer. Please try again, or enter the address by hand.');
    }
    if (!Array.isArray(results)) {
      throw new AppError(502, 'ADDRESS_LOOKUP_FAILED', 'The address search did not answer. Please try again, or enter the address by hand.');
    }
    // countrycodes=ch already asks for Swiss results; what comes back anyway is dropped here.
    return results
      .map(suggestionFromNominatim)
      .filter((s): s is AddressSuggestion => s !== null)
      .slice(0, ADDRESS_SEARCH_LIMIT);
  }

  return {
    async search(raw: string): Promise<AddressSuggestion[]> {
      const query = raw.trim().replace(/\s+/g, ' ');
      if (query.length < ADDRESS_SEARCH_MIN_LENGTH) {
        throw new AppError(400, 'VALIDATION_ERROR', `q: type at least ${ADDRESS_SEARCH_MIN_LENGTH} characters`, 'q');
      }
      if (!nominatimUrl) {
        throw new AppError(503, 'ADDRESS_LOOKUP_UNAVAILABLE', 'The address search is not available. Please enter the address by hand.');
      }
      const key = query.toLowerCase();
      const cached = cache.get(key);
      if (cached) return cached;
      let answer = pending.get(key);
      if (!answer) {
        answer = upstream.add(() => ask(query)).finally(() => pending.delete(key));
        pending.set(key, answer);
      }
      const suggestions = await answer;
      cache.set(key, suggestions);
      return suggestions;
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
