/**
 * docs/architecture.md lists the API's endpoints from the domain's route table, between two marker
 * comments. This fails when the list and the table differ; `WRITE_ROUTE_DOCS=1 npx vitest run
 * scripts/route-docs.test.ts` writes the table's list into the document instead.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointList, routes } from '@taxli/domain';

const docPath = path.resolve(import.meta.dirname, '..', 'docs', 'architecture.md');
const START = '<!-- route-table:start (scripts/route-docs.test.ts writes this list) -->';
const END = '<!-- route-table:end -->';

function withList(doc: string, list: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md has no ${START} … ${END} section`);
  return `${doc.slice(0, start + START.length)}\n${list}\n${doc.slice(end)}`;
}

describe('the endpoint list of docs/architecture.md', () => {
  it('is the route table, route for route', () => {
    const written = readFileSync(docPath, 'utf8');
    const expected = withList(written, endpointList(routes));
    if (process.env.WRITE_ROUTE_DOCS === '1') writeFileSync(docPath, expected);
    expect(readFileSync(docPath, 'utf8')).toBe(expected);
  });

  it('names each route once, with its method and path', () => {
    const list = endpointList(routes);
    for (const route of Object.values(routes)) {
      expect(list.split('\n').filter((line) => line.startsWith(`| \`${route.method} ${route.path}\` |`))).toHaveLength(1);
    }
  });
});
