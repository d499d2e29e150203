/**
 * A statement that drizzle builds once, when it first runs, and then runs prepared (named on
 * PostgreSQL, so each connection also plans it once). Building a statement's SQL from the query
 * builder again for every request was the largest part of what the inbox added to its SQL (issue 31,
 * docs/performance.md). Built on first use because repositories are also made for each transaction,
 * where most of their statements never run.
 */
export function preparedOnFirstUse<Prepared>(prepare: () => Prepared): () => Prepared {
  let prepared: Prepared | undefined;
  return () => (prepared ??= prepare());
}
