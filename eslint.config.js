import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = import.meta.dirname;
const webSrc = 'apps/web/src';
const webFeatures = readdirSync(path.join(root, webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's boundaries (docs/architecture.md): a feature imports neither another feature nor
 * the app layer; components (ui, address-search, documents) and lib import neither. One zone per feature, read from the folder,
 * so a new feature is fenced in without touching this file.
 */
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./${webSrc}/features/${feature}`,
    from: `./${webSrc}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: move what they share to lib/ or components/ui.',
  })),
  {
    target: `./${webSrc}/features`,
    from: `./${webSrc}/app`,
    message: 'Features do not import the app layer.',
  },
  {
    target: [`./${webSrc}/components`, `./${webSrc}/lib`],
    from: [`./${webSrc}/features`, `./${webSrc}/app`],
    message: 'components/ and lib are feature-free.',
  },
];

const serverSrc = 'apps/server/src';
const serverFeatures = readdirSync(path.join(root, serverSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Each feature's service files, the one part other features may name (`except` takes no globs). */
const serviceFiles = (feature) =>
  readdirSync(path.join(root, serverSrc, 'features', feature))
    .filter((file) => file.endsWith('.service.ts'))
    .map((file) => `./${feature}/${file}`);

/**
 * The server's boundaries (docs/architecture.md, "What a server feature may use"): a feature uses
 * another feature's service (through its dependencies object), never its repository or routes;
 * only repositories touch the tables; the infrastructure folders import no feature.
 */
const serverZones = [
  ...serverFeatures.map((feature) => ({
    target: `./${serverSrc}/features/${feature}`,
    from: `./${serverSrc}/features`,
    except: [`./${feature}`, ...serverFeatures.filter((other) => other !== feature).flatMap(serviceFiles)],
    message: "A feature uses another feature's service only, never its repository or routes.",
  })),
  {
    target: `./${serverSrc}/{features,lib,plugins,storage,mail}/**/!(*.repository|*.test).ts`,
    from: `./${serverSrc}/db/schema.ts`,
    message: 'Only repositories touch the tables.',
  },
  {
    // read-models/: the expert queue's one query across owners (docs/architecture.md) reads tables, never a feature.
    // erasure/: the erasure of an account (ADR 0020) deletes across owners by the person's id, like the backup copies them.
    target: [`./${serverSrc}/lib`, `./${serverSrc}/plugins`, `./${serverSrc}/storage`, `./${serverSrc}/mail`, `./${serverSrc}/backup`, `./${serverSrc}/read-models`, `./${serverSrc}/erasure`],
    from: `./${serverSrc}/features`,
    message: 'Infrastructure (lib, plugins, storage, mail, backup, read-models, erasure) imports no feature.',
  },
];

/**
 * Which feature owns which table (apps/server/src/db/table-owners.json, docs/architecture.md "Who owns
 * which table"). A feature's files may import from the schema only the tables it owns; another
 * feature's data is read or written through its owner's service. `db/table-owners.test.ts` checks the
 * map covers every table and finds foreign table names in raw SQL, which an import rule cannot see.
 */
const tableOwners = JSON.parse(readFileSync(path.join(root, serverSrc, 'db/table-owners.json'), 'utf8'));
const allTables = Object.values({ ...tableOwners.features, ...tableOwners.infrastructure }).flat();
const tableFences = serverFeatures.map((feature) => {
  const owned = new Set(tableOwners.features[feature] ?? []);
  return {
    files: [`${serverSrc}/features/${feature}/**/*.ts`],
    // Tests set up and inspect rows of any table, as the "only repositories" zone allows them.
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema', '**/db/schema.js'],
              importNames: allTables.filter((table) => !owned.has(table)),
              message: `The ${feature} feature does not own this table: call its owner's service (db/table-owners.json).`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '**/*.generated-by-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Resolves imports as TypeScript does (the server's `.js` suffixes name `.ts` files).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: [`${webSrc}/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones }] },
  },
  {
    // The web app reaches the API only through the domain's route table (callApi, urlFor): a path
    // written out here would drift from the server unnoticed. Tests stub answers by URL and may.
    files: [`${webSrc}/**/*.{ts,tsx}`],
    ignores: [`${webSrc}/**/*.test.{ts,tsx}`, `${webSrc}/test/**`],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/(api\\/|cantons\\/cantons\\.json)/]', 'TemplateElement[value.raw=/^\\/(api\\/|cantons\\/cantons\\.json)/]'].map((selector) => ({
          selector,
          message: 'Call the API through the route table: callApi(routes.x, …) or urlFor(routes.x, …) from @taxli/domain.',
        })),
      ],
    },
  },
  {
    files: [`${serverSrc}/**/*.ts`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverZones }] },
  },
  ...tableFences,
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'path', 'react'], message: 'domain is pure: no I/O, no UI.' }] }],
    },
  },
);
