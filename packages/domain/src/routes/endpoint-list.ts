import type { z } from 'zod';
import type { RouteBody, RouteSpec } from './route.js';

/** The fields of an object schema, `name?` when it may be left out; '' for any other schema. */
function fieldsOf(schema: z.ZodType | undefined): string {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  if (!shape) return '';
  return Object.entries(shape)
    .map(([name, field]) => (field.safeParse(undefined).success ? `${name}?` : name))
    .join(', ');
}

function bodyOf(body: RouteBody | undefined): string {
  if (!body) return '';
  const kind = (body as { kind?: unknown }).kind;
  if (kind === 'multipart') return `multipart: ${(body as { fields: string }).fields}`;
  if (kind === 'service-checked') return `JSON, checked by the service: ${fieldsOf((body as { schema: z.ZodType }).schema)}`;
  return `JSON: ${fieldsOf(body as z.ZodType)}`;
}

function answerOf(route: RouteSpec): string {
  if (route.response.kind === 'file') return route.response.contentType;
  return route.response.schema ? 'JSON (schema)' : 'JSON';
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/**
 * The endpoint list of docs/architecture.md, one Markdown table row per route of the table, in its
 * order (scripts/route-docs.test.ts keeps the document equal to it).
 */
export function endpointList(table: Record<string, RouteSpec>): string {
  const rows = Object.entries(table).map(([name, route]) =>
    [
      `\`${route.method} ${route.path}\``,
      route.access,
      `\`${name}\``,
      fieldsOf(route.params),
      fieldsOf(route.query),
      bodyOf(route.body),
      answerOf(route),
      route.summary,
    ]
      .map(cell)
      .join(' | '),
  );
  return ['| Route | Access | Table name | Params | Query | Body | Answer | What |', '|---|---|---|---|---|---|---|---|', ...rows.map((row) => `| ${row} |`)].join('\n');
}
