/**
 * The import boundaries of both apps are lint rules (eslint.config.js); this proves they fire. The
 * imports are linted as text under paths inside the source tree, so no fixture file exists.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
const BOUNDARY_RULE = 'import-x/no-restricted-paths';
const FEATURE_FREE = 'components/ and lib are feature-free';

async function boundaryErrors(filePath: string, code: string, rule = BOUNDARY_RULE): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return result!.messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}

/** The table fence (db/table-owners.json): a feature imports from the schema only the tables it owns. */
const tableErrors = (filePath: string, code: string) => boundaryErrors(filePath, code, 'no-restricted-imports');

describe('the web lint fence', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature by a relative path', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/home/fence-check.tsx',
      "import { NotificationBell } from '../notifications/notification-bell';\nexport const bell = NotificationBell;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Features do not import each other')]);
  });

  it('refuses a feature importing the app layer', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/profile/fence-check.ts',
      "import { loginPath } from '../../app/session/login-path';\nexport const path = loginPath;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Features do not import the app layer')]);
  });

  it('lets a feature import lib and its own files', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/home/fence-check.tsx',
      "import { api } from '../../lib/api-client';\nimport { HomePage } from './home-page';\nexport const both = [api, HomePage];\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses lib importing a feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/lib/fence-check.ts',
      "import { HomePage } from '../features/home/home-page';\nexport const page = HomePage;\n",
    );
    expect(errors).toEqual([expect.stringContaining(FEATURE_FREE)]);
  });

  it('refuses components/ui importing the app layer', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/components/ui/fence-check.tsx',
      "import { RootLayout } from '../../app/root-layout';\nexport const layout = RootLayout;\n",
    );
    expect(errors).toEqual([expect.stringContaining(FEATURE_FREE)]);
  });

  it('refuses the shared address search importing a feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/components/address-search/fence-check.tsx',
      "import { ProfilePage } from '../../features/profile/profile-page';\nexport const page = ProfilePage;\n",
    );
    expect(errors).toEqual([expect.stringContaining(FEATURE_FREE)]);
  });

  it('refuses the shared document pieces importing a feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/components/documents/fence-check.tsx',
      "import { YourFiles } from '../../features/home/documents/your-files';\nexport const files = YourFiles;\n",
    );
    expect(errors).toEqual([expect.stringContaining(FEATURE_FREE)]);
  });
});

describe('the route table fence of the web app', { timeout: 60_000 }, () => {
  async function routeLiteralErrors(filePath: string, code: string): Promise<number> {
    const eslint = new ESLint({ cwd: repoRoot });
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
    return result!.messages.filter((message) => message.message.startsWith('Call the API through the route table')).length;
  }

  it('refuses an API path written out in a feature or in lib, as a string or a template', async () => {
    const code = "export const a = '/api/user';\nexport const b = (id: number) => `/api/files/${id}`;\nexport const c = '/cantons/cantons.json';\n";
    expect(await routeLiteralErrors('apps/web/src/features/home/route-check.ts', code)).toBe(3);
    expect(await routeLiteralErrors('apps/web/src/lib/route-check.ts', code)).toBe(3);
  });

  it('lets tests stub answers by URL, and static files such as the coats of arms pass', async () => {
    expect(await routeLiteralErrors('apps/web/src/features/home/route-check.test.ts', "export const a = '/api/user';\n")).toBe(0);
    expect(await routeLiteralErrors('apps/web/src/features/home/route-check.ts', "export const a = '/cantons/zh.svg';\n")).toBe(0);
  });
});

describe('the server lint fence', { timeout: 60_000 }, () => {
  it("refuses a feature importing another feature's repository", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/features/files/fence-check.ts',
      "import { createUserRepository } from '../users/user.repository.js';\nexport const make = createUserRepository;\n",
    );
    expect(errors).toEqual([expect.stringContaining("another feature's service only")]);
  });

  it("lets a feature name another feature's service type", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/features/files/fence-check.ts',
      "import type { UserService } from '../users/user.service.js';\nexport type Users = UserService;\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses the tables outside a repository, and allows them in one', async () => {
    const code = "import { users } from '../../db/schema.js';\nexport const table = users;\n";
    expect(await boundaryErrors('apps/server/src/features/files/files.service.ts', code)).toEqual([
      expect.stringContaining('Only repositories touch the tables'),
    ]);
    expect(await boundaryErrors('apps/server/src/features/files/files.repository.ts', code)).toEqual([]);
  });

  it('refuses a feature importing a table another feature owns, by name or the whole schema', async () => {
    const repository = 'apps/server/src/features/tax-status/tax-status.repository.ts';
    expect(await tableErrors(repository, "import { documents } from '../../db/schema.js';\nexport const table = documents;\n")).toEqual([
      expect.stringContaining('The tax-status feature does not own this table'),
    ]);
    expect(await tableErrors(repository, "import * as schema from '../../db/schema.js';\nexport const tables = schema;\n")).toEqual([
      expect.stringContaining('does not own this table'),
    ]);
  });

  it('lets a feature import the tables it owns', async () => {
    const errors = await tableErrors(
      'apps/server/src/features/tax-status/transmission.repository.ts',
      "import { taxYearStatuses, transmissionFiles, transmissions } from '../../db/schema.js';\nexport const tables = [taxYearStatuses, transmissionFiles, transmissions];\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses infrastructure importing a feature', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/storage/fence-check.ts',
      "import type { FilesService } from '../features/files/files.service.js';\nexport type Files = FilesService;\n",
    );
    expect(errors).toEqual([expect.stringContaining('imports no feature')]);
  });

  it('refuses the cross-owner read model importing a feature: it reads tables, features call it', async () => {
    const errors = await boundaryErrors(
      'apps/server/src/read-models/fence-check.ts',
      "import type { UserService } from '../features/users/user.service.js';\nexport type Users = UserService;\n",
    );
    expect(errors).toEqual([expect.stringContaining('imports no feature')]);
  });
});
