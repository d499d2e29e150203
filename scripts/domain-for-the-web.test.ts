/**
 * What the built web app takes of the domain package (apps/web/domain-for-the-web.ts): the route
 * table without its schemas (the module served is loaded beside the real one and compared), and the
 * top-level constants a build may leave out when the app does not use them.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as fullTable from '../packages/domain/src/routes/index.ts';
import { build } from 'vite';
import { constantsComputedWhenUsed, domainForTheWeb, routeTableModule } from '../apps/web/domain-for-the-web.ts';

const source = path.resolve(import.meta.dirname, '..', 'packages', 'domain', 'src', 'routes', 'index.ts');
// Beside the real module, so that its relative re-exports resolve as they do in the build.
const served = path.join(path.dirname(source), 'web-route-table.generated-by-test.ts');
const module = routeTableModule(readFileSync(source, 'utf8'));

afterAll(() => rmSync(served, { force: true }));

async function servedTable(): Promise<Record<string, unknown>> {
  writeFileSync(served, module);
  return import(/* @vite-ignore */ served);
}

describe('the route table the built web app gets', () => {
  it('has every route with its method, path and access, and nothing else', async () => {
    const { routes } = (await servedTable()) as { routes: Record<string, object> };
    expect(Object.keys(routes).sort()).toEqual(Object.keys(fullTable.routes).sort());
    for (const [name, route] of Object.entries(fullTable.routes)) {
      expect(routes[name], name).toEqual({ method: route.method, path: route.path, access: route.access });
    }
  });

  it('exports everything else the domain route module exports, the same values', async () => {
    const lean = await servedTable();
    expect(Object.keys(lean).sort()).toEqual(Object.keys(fullTable).sort());
    for (const name of Object.keys(fullTable).filter((key) => key !== 'routes')) {
      expect(lean[name], name).toBe((fullTable as Record<string, unknown>)[name]);
    }
  });

  it('imports no route group, so no body, query or answer schema comes with it', () => {
    expect(module).not.toMatch(/^import /m);
    expect(module).not.toMatch(/Routes\b/);
  });
});

describe('constants computed when used', () => {
  it('marks each top-level constant computed by a call, and nothing else', () => {
    const code = [
      "import { z } from 'zod';",
      'export const LIMIT = 5;',
      'export const body = z.object({ note: z.string().max(LIMIT) }).strict();',
      'const kinds = new Set([1, 2]);',
      "export const names = ['a', 'b'] as const;",
      'export const shape = z.string() satisfies z.ZodType;',
      'export let counter = Math.max(1, 2);',
      'export function isKind(value: number) { return kinds.has(value); }',
    ].join('\n');
    const marked = constantsComputedWhenUsed(code).split('\n');
    expect(marked[1]).toBe('export const LIMIT = 5;');
    expect(marked[2]).toBe('export const body = /* @__PURE__ */ (() => (z.object({ note: z.string().max(LIMIT) }).strict()))();');
    expect(marked[3]).toBe('const kinds = /* @__PURE__ */ (() => (new Set([1, 2])))();');
    expect(marked[4]).toBe("export const names = ['a', 'b'] as const;");
    expect(marked[5]).toBe('export const shape = /* @__PURE__ */ (() => (z.string() satisfies z.ZodType))();');
    expect(marked[6]).toBe('export let counter = Math.max(1, 2);');
  });

  it('leaves the schemas of a domain module out of a build that uses only its rules', async () => {
    // In the repository, where @taxli/domain resolves.
    const entry = path.join(import.meta.dirname, `domain-entry-${process.pid}.generated-by-test.ts`);
    writeFileSync(entry, "import { canActAsExpert, MESSAGE_MAX_LENGTH } from '@taxli/domain';\nexport const shown = [canActAsExpert('expert'), MESSAGE_MAX_LENGTH];\n");
    try {
      const output = await build({
        configFile: false,
        logLevel: 'silent',
        resolve: { conditions: ['source'] },
        plugins: [domainForTheWeb()],
        build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: 'entry' } },
      });
      const code = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : [])).map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
      expect(code).toContain('canActAsExpert');
      expect(code).not.toMatch(/strictObject|superRefine|\$ZodType/);
    } finally {
      rmSync(entry, { force: true });
    }
  });
});
