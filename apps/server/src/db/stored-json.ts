import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';

/** What the client is told: nothing of the row, the table or the person. */
export const STORED_DATA_MESSAGE = 'Stored data could not be read. Please contact support.';

/** Where a stored value lives: its table, its row's key (ids and years, never personal data) and its column. */
export interface StoredAt {
  table: string;
  key: Record<string, number>;
  field: string;
}

/**
 * A jsonb value that no longer parses with the schema it was written with (a schema made stricter,
 * a row edited by hand). Its message names the table, the row and the field, and the paths and zod
 * codes of the problems, never the values: it goes to the log only. The client gets
 * STORED_DATA_MESSAGE (plugins/errors.ts).
 */
export class StoredDataError extends AppError {
  constructor(at: StoredAt, error: z.ZodError) {
    const key = Object.entries(at.key)
      .map(([name, value]) => `${name} ${value}`)
      .join(', ');
    const problems = error.issues.map((issue) => `${[at.field, ...issue.path.map(String)].join('.')} (${issue.code})`).join('; ');
    super(500, 'STORED_DATA_INVALID', `Stored data does not parse: table ${at.table}, row ${key}, field ${at.field}: ${problems}`);
  }
}

/** A jsonb value read from the database, parsed with its schema; a value that does not parse is a StoredDataError. */
export function parseStored<S extends z.ZodType>(schema: S, value: unknown, at: StoredAt): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoredDataError(at, parsed.error);
  return parsed.data;
}
