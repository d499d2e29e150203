import { LRUCache } from 'lru-cache';
import { ADDRESS_SEARCH_LIMIT, ADDRESS_SEARCH_MIN_LENGTH, suggestionFromNominatim, type AddressSuggestion } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import { fieldRefusal } from '../../lib/validation-error.js';
import { createFairUpstreamQueue } from './fair-upstream-queue.js';

export interface AddressDeps {
  /** A Nominatim-compatible service; unset, the lookup answers 503 and the forms take manual entry. */
  nominatimUrl: string | undefined;
  /** Nominatim's usage policy asks every client to identify itself. */
  userAgent: string;
  /**
   * Nominatim's one request per second: the quiet time between the end of one upstream request and
   * the start of the next, for the whole process.
   */
  minIntervalMs?: number;
  timeoutMs?: number;
}

const CACHE_ENTRIES = 2000;
const CACHE_HOURS = 24;
/**
 * Lookups waiting for their turn upstream, all accounts together: at one a second, the last one
 * waits about this many seconds, and a suggestion later than that is no help to anyone typing.
 */
export const ADDRESS_WAITING_TOTAL = 10;
/** Lookups one account may have waiting: enough for someone typing, too few to crowd out others. */
export const ADDRESS_WAITING_PER_ACCOUNT = 2;

/**
 * The Swiss address lookup of part 2 §5, proxied (DECISIONS D9): the browser never talks to the map
 * service, so it sees neither the person's address nor their IP. Answers are cached, the same query
 * asked twice at once goes upstream once, and upstream calls keep to one per second, the accounts
 * with lookups waiting taking turns; when the waiting places are taken the answer is 429 at once.
 */
export function createAddressService({ nominatimUrl, userAgent, minIntervalMs = 1000, timeoutMs = 5000 }: AddressDeps) {
  const cache = new LRUCache<string, AddressSuggestion[]>({ max: CACHE_ENTRIES, ttl: CACHE_HOURS * 3_600_000 });
  const pending = new Map<string, Promise<AddressSuggestion[]>>();
  const upstream = createFairUpstreamQueue({
    minGapMs: minIntervalMs,
    maxWaiting: ADDRESS_WAITING_TOTAL,
    maxWaitingPerAccount: ADDRESS_WAITING_PER_ACCOUNT,
  });

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
    /** Suggestions for `raw`, asked on behalf of the signed-in account `accountId` (its place in the queue). */
    async search(raw: string, accountId: number): Promise<AddressSuggestion[]> {
      const query = raw.trim().replace(/\s+/g, ' ');
      if (query.length < ADDRESS_SEARCH_MIN_LENGTH) {
        throw fieldRefusal('q', `type at least ${ADDRESS_SEARCH_MIN_LENGTH} characters`, 'TOO_SHORT', { min: ADDRESS_SEARCH_MIN_LENGTH });
      }
      if (!nominatimUrl) {
        throw new AppError(503, 'ADDRESS_LOOKUP_UNAVAILABLE', 'The address search is not available. Please enter the address by hand.');
      }
      const key = query.toLowerCase();
      const cached = cache.get(key);
      if (cached) return cached;
      let answer = pending.get(key);
      if (!answer) {
        const admission = upstream.add(accountId, () => ask(query));
        if (!admission.admitted) {
          const message =
            admission.reason === 'account'
              ? 'You have address searches waiting already. Please wait a moment, or enter the address by hand.'
              : 'The address search is busy. Please try again in a moment, or enter the address by hand.';
          throw new AppError(429, 'ADDRESS_LOOKUP_BUSY', message, undefined, {
            'Retry-After': String(Math.max(1, Math.ceil(admission.retryAfterMs / 1000))),
          });
        }
        answer = admission.result.finally(() => pending.delete(key));
        pending.set(key, answer);
      }
      const suggestions = await answer;
      cache.set(key, suggestions);
      return suggestions;
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
