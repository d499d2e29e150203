export interface FairUpstreamQueueOptions {
  /** The quiet time between the end of one upstream request and the start of the next. */
  minGapMs: number;
  /** Lookups waiting at once, all accounts together; more are refused. */
  maxWaiting: number;
  /** Lookups one account may have waiting at once; more are refused. */
  maxWaitingPerAccount: number;
}

export type Admission<T> =
  | { admitted: true; result: Promise<T> }
  | { admitted: false; reason: 'account' | 'full'; retryAfterMs: number };

interface Job {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * One upstream request at a time for the whole process, each started at least `minGapMs` after the
 * previous one ended, and the accounts with lookups waiting served in turn: the one served longest
 * ago goes next, so one person's burst cannot hold up everybody else. The waiting list is bounded,
 * in total and per account; what does not fit is refused at once rather than left to wait.
 *
 * The gap is measured from the end of the previous request, not its start: that is the stricter
 * rule and the only one that holds as the upstream sees it. Two starts a second apart can arrive
 * less than a second apart when the first one's trip was slower; the next request leaving a second
 * after the previous answer came back cannot arrive less than a second after the previous request.
 * Time is read from the monotonic clock, so a change of the wall clock cannot shorten the gap.
 */
export function createFairUpstreamQueue({ minGapMs, maxWaiting, maxWaitingPerAccount }: FairUpstreamQueueOptions) {
  /** The accounts with lookups waiting, each with its own in arrival order. */
  const waiting = new Map<number, Job[]>();
  let waitingCount = 0;
  /** When each account recently had a lookup sent (a counter, not a time); bounded like the queue. */
  const lastServed = new Map<number, number>();
  let served = 0;
  let inFlight = false;
  let timer: NodeJS.Timeout | undefined;
  /** The monotonic time from which the next request may start. */
  let nextStartAt = 0;

  /** Among the accounts with lookups waiting, the one served longest ago (first to wait on a tie). */
  function nextAccount(): number {
    let chosen: number | undefined;
    for (const account of waiting.keys()) {
      if (chosen === undefined || (lastServed.get(account) ?? 0) < (lastServed.get(chosen) ?? 0)) chosen = account;
    }
    return chosen!;
  }

  function markServed(account: number) {
    lastServed.delete(account);
    lastServed.set(account, ++served);
    // An account that has not been served within the last maxWaiting sends cannot be behind
    // anyone still waiting, so it can be forgotten.
    if (lastServed.size > maxWaiting) lastServed.delete(lastServed.keys().next().value!);
  }

  function pump() {
    if (inFlight || timer || waitingCount === 0) return;
    const wait = nextStartAt - performance.now();
    if (wait > 0) {
      // A timer may fire a little early: pump checks the clock again and waits the rest.
      timer = setTimeout(() => {
        timer = undefined;
        pump();
      }, Math.ceil(wait));
      return;
    }
    const account = nextAccount();
    const jobs = waiting.get(account)!;
    const job = jobs.shift()!;
    if (jobs.length === 0) waiting.delete(account);
    waitingCount--;
    markServed(account);
    inFlight = true;
    void Promise.resolve()
      .then(job.run)
      .then(job.resolve, job.reject)
      .finally(() => {
        inFlight = false;
        nextStartAt = performance.now() + minGapMs;
        pump();
      });
  }

  /** Roughly when a waiting place frees up: at the next send, or at this account's next turn. */
  function retryAfterMs(reason: 'account' | 'full'): number {
    const untilNextSend = inFlight ? minGapMs : Math.max(0, nextStartAt - performance.now());
    const turnsAhead = reason === 'account' ? waiting.size - 1 : 0;
    return untilNextSend + turnsAhead * minGapMs;
  }

  return {
    /** Queues `run` for `account`, or refuses at once when the account's or the whole queue's places are taken. */
    add<T>(account: number, run: () => Promise<T>): Admission<T> {
      if ((waiting.get(account)?.length ?? 0) >= maxWaitingPerAccount) {
        return { admitted: false, reason: 'account', retryAfterMs: retryAfterMs('account') };
      }
      if (waitingCount >= maxWaiting) return { admitted: false, reason: 'full', retryAfterMs: retryAfterMs('full') };
      const result = new Promise<T>((resolve, reject) => {
        const job: Job = { run, resolve: resolve as (value: unknown) => void, reject };
        const jobs = waiting.get(account);
        if (jobs) jobs.push(job);
        else waiting.set(account, [job]);
      });
      waitingCount++;
      pump();
      return { admitted: true, result };
    },
  };
}

export type FairUpstreamQueue = ReturnType<typeof createFairUpstreamQueue>;
