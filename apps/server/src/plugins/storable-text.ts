import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStorableText } from '@taxli/domain';
import { AppError } from '../lib/app-error.js';

/**
 * Refuses with 400 `INVALID_CHARACTERS`, naming the field, every request whose JSON body, query
 * string or path parameters hold text PostgreSQL cannot store: NUL, refused in text and jsonb
 * (SQL states 22021, 22P05), or half of a surrogate pair, refused in jsonb (22P02). Without this
 * such text reaches the database and the answer is a 500.
 *
 * Why one hook for the whole app rather than a rule in each schema: it covers every route without
 * anyone remembering to, including routes added later, routes whose service parses the raw body,
 * and fields whose schema is a plain `z.string()` or a record of free keys. The domain's text
 * schemas (`plainText`, `requiredText`, `withTextRules`) refuse the same and more (any control
 * character) with a message at the field, for forms; this hook is the floor under them. Multipart
 * fields arrive as a stream after this hook and are checked by the upload's own field rules.
 */
export function registerStorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [source, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = firstUnstorableField(value);
      if (field !== undefined) {
        const name = field || source;
        throw new AppError(400, 'INVALID_CHARACTERS', `${name}: contains a character that cannot be stored (NUL or half of a surrogate pair)`, name);
      }
    }
  });
}

/**
 * The dotted path of the first string (value or key) that cannot be stored, '' for the value
 * itself, or undefined when all can. Iterative: a 64 KB body can nest tens of thousands deep.
 */
export function firstUnstorableField(root: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return path;
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}
