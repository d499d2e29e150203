// The performance goals as they stand (issue 31), in one place: the bench prints each figure
// against these, and docs/performance.md names the same.
export const GOALS = {
  /**
   * GET /api/user ÷ the raw replay of its SQL statements, on PGlite and on PostgreSQL; the same for
   * the expert queue's first page and a search (queue-throughput.mjs).
   */
  apiVsRawSql: 0.9,
  /** 50 MB upload through the real endpoint ÷ the body streamed to disk only, median of the rounds. */
  uploadRatio: 0.85,
  /** Lighthouse mobile performance, every page measured (the sign-in page with its intro included). */
  lighthouse: 95,
};
