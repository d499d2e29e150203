import { readFileSync } from 'node:fs';
import { parseAst, type Plugin } from 'vite';
import { routes } from '../../packages/domain/src/routes/index.ts';

/**
 * What the production build of the web app takes of the domain package (not the dev server, not the
 * tests: they use the package as it is). The domain's modules keep their rules, constants and Zod
 * schemas side by side; the server needs all of it, the web app mostly the rules and constants.
 * Building the schemas the web app never runs was the largest part of the script a phone evaluated
 * before the dashboard could render (docs/performance.md, "Lighthouse mobile, the signed-in pages").
 * Two changes:
 *
 * - The route table comes with only what a call needs (method, path, access): the app calls the API
 *   through it for method and path only. Its types still come from the full table, so each call is
 *   still checked against the route's schemas when the app is compiled.
 * - A constant whose value a module computes at its top level (a schema, a table) is computed only
 *   if the app uses it: the bundler may leave it out. The package already says its modules have no
 *   side effects ("sideEffects": false); this says it of each constant.
 */
export function domainForTheWeb(): Plugin {
  return {
    name: 'taxli-domain-for-the-web',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (ROUTE_TABLE.test(id)) return routeTableModule(readFileSync(id, 'utf8'));
      return undefined;
    },
    transform(code, id) {
      if (!DOMAIN_MODULE.test(id) || ROUTE_TABLE.test(id)) return undefined;
      return constantsComputedWhenUsed(code);
    },
  };
}

const DOMAIN_MODULE = /\/packages\/domain\/src\/(?!.*\.test\.ts$).*\.ts$/;
/** The domain's route table, as the web app's build resolves it (the `source` condition). */
const ROUTE_TABLE = /\/packages\/domain\/src\/routes\/index\.ts$/;

/** The route table's module with each route's method, path and access only; its other exports as they are. */
export function routeTableModule(source: string): string {
  const reexports = source.split('\n').filter((line) => /^export (\*|\{)/.test(line));
  const table = Object.fromEntries(Object.entries(routes).map(([name, { method, path, access }]) => [name, { method, path, access }]));
  return [...reexports, `export const routes = ${JSON.stringify(table)};`, ''].join('\n');
}

interface Span {
  start: number;
  end: number;
}
interface Expression extends Span {
  type: string;
  expression?: Expression;
}
interface Declarator {
  init?: Expression | null;
}
interface TopLevelStatement extends Span {
  type: string;
  kind?: string;
  declarations?: Declarator[];
  declaration?: TopLevelStatement | null;
}

/** A value a bundler cannot tell is free of side effects: a call (`z.object(…)`, `new Set(…)`), typed or not. */
function isComputed(value: Expression): boolean {
  if (value.type === 'TSAsExpression' || value.type === 'TSSatisfiesExpression') return value.expression !== undefined && isComputed(value.expression);
  return value.type === 'CallExpression' || value.type === 'NewExpression';
}

/**
 * The module with each top-level `const` that is computed by a call wrapped in a function called at
 * once and marked pure: evaluated in the same order when the constant is used, left out when not.
 */
export function constantsComputedWhenUsed(code: string): string {
  const program = parseAst(code, { lang: 'ts' }) as unknown as { body: TopLevelStatement[] };
  const inits: Span[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { init } of declaration.declarations ?? []) if (init && isComputed(init)) inits.push(init);
  }
  let result = code;
  for (const { start, end } of inits.reverse()) {
    result = `${result.slice(0, start)}/* @__PURE__ */ (() => (${result.slice(start, end)}))()${result.slice(end)}`;
  }
  return result;
}
