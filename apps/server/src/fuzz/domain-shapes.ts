import * as domain from '@taxli/domain';

interface ZodLike {
  _zod: { def: { type: string } & Record<string, unknown> };
}

const isZod = (value: unknown): value is ZodLike =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as ZodLike)._zod?.def?.type === 'string';

/** The schemas a zod schema is made of (an object's fields, an array's element, a pipe's ends, …). */
function parts(def: ZodLike['_zod']['def']): unknown[] {
  switch (def.type) {
    case 'object':
      return Object.values(def.shape as object);
    case 'array':
      return [def.element];
    case 'record':
      return [def.valueType];
    case 'pipe':
      return [def.in, def.out];
    case 'union':
      return def.options as unknown[];
    case 'intersection':
      return [def.left, def.right];
    case 'lazy':
      return [(def.getter as () => unknown)()];
    default:
      return 'innerType' in def ? [def.innerType] : [];
  }
}

/** The key lists of every zod object schema `packages/domain` exports, nested objects included. */
export function domainObjectShapes(): string[][] {
  const shapes = new Map<string, string[]>();
  const seen = new Set<unknown>();
  const pending: unknown[] = Object.values(domain).filter(isZod);
  for (let schema = pending.pop(); schema !== undefined; schema = pending.pop()) {
    if (!isZod(schema) || seen.has(schema)) continue;
    seen.add(schema);
    if (schema._zod.def.type === 'object') {
      const keys = Object.keys(schema._zod.def.shape as object).sort();
      shapes.set(keys.join(','), keys);
    }
    pending.push(...parts(schema._zod.def));
  }
  return [...shapes.values()];
}

/**
 * Every field name of every zod schema `packages/domain` exports (API bodies and queries, nested
 * objects included), so the fuzzer's bodies use the names the API knows, and a field added to a
 * schema is fuzzed without editing the fuzzer.
 */
export function domainFieldNames(): string[] {
  return [...new Set(domainObjectShapes().flat())].sort();
}
