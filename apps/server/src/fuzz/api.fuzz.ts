import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ERROR_CODES, isFieldErrorCode } from '@taxli/domain';
import type { LightMyRequestResponse } from 'fastify';
import type { RegisteredRoute } from '../app.js';
import { drivers } from '../test/build-test-app.js';
import { scanDataDir } from '../test/data-dir-scan.js';
import { multipart, uploadParts } from '../test/multipart.js';
import { domainFieldNames, domainObjectShapes } from './domain-shapes.js';
import { registeredRoutes, useFuzzTarget, type FuzzTarget, type Sent } from './fuzz-target.js';
import { MARKER, PDF, jsonBodies, multipartBodies, pathValues, queryShapes, queryValues, type BodyCase } from './junk.js';

/**
 * `npm run fuzz` (docs/architecture.md, "The API fuzzer"): every route of the app as built, with the debug tools on, gets junk —
 * at least 50 malformed JSON bodies and the malformed multipart bodies on every route that takes a
 * body, junk in every path parameter and every query parameter its schema names. It fails on any
 * 5xx, on a 4xx without a known error code, and on any text it sent found in the server's log.
 * Afterwards the server's DATA_DIR must hold none of the AHV numbers, tax IDs and messages it stored.
 *
 * fast-check draws the random bodies from a fixed seed (FUZZ_SEED, per route mixed with the route's
 * name), so a failure names its case and comes back on the next run; FUZZ_RUNS draws more.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_315);
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);

const YEAR = 2025;
/** The values the scan of DATA_DIR looks for; the fuzzer's plausible bodies send them. */
const AHV = '756.1234.5678.97';
const SPOUSE_TAX_ID = '987.654.321';
const TIN = '123.456.780';
const MESSAGE = 'Please call me about the flat in Zurich, fuzz message';
/** Fields whose values are sealed at rest; each value a 2xx answer took is looked for in DATA_DIR. */
const SEALED_FIELDS = new Set(['message', 'ahvNumber', 'taxId', 'tinNumber']);

const FIELDS = domainFieldNames();
const SHAPES = domainObjectShapes();
const routes = await registeredRoutes();

/** Believable values by field name, so that fuzzed bodies get past the first check; other fields get a marked text. */
function plausible(target: FuzzTarget): Record<string, unknown> {
  return {
    taxYear: YEAR,
    categoryId: 1,
    canton: 'ZH',
    ahvNumber: AHV,
    taxId: SPOUSE_TAX_ID,
    tinNumber: TIN,
    email: 'fuzz.other@example.ch',
    code: '123456',
    role: 'user',
    userId: target.userId,
    status: true,
    statusId: 2,
    taxStatus: 2,
    isRelevant: true,
    completed: false,
    accepted: true,
    message: MESSAGE,
    step: 3,
    personal: { firstName: 'Fuzz', lastName: 'Person' },
    answers: { city: 'Bern', zipCode: '3011' },
    children: [{ firstName: 'Lea', lastName: 'Person', birthDate: '2015-01-01', schoolingInfo: 'Primarschule', disability: '', alimony: '' }],
    firstName: 'Fuzz',
    lastName: 'Person',
    age: 40,
    occupation: 'Engineer',
    birthDate: '2015-01-01',
    language: 'en',
    q: 'Bahnhofstrasse',
    limit: 10,
    filename: 'declaration.json',
    taxData: {},
    phone: '0791234567',
    countryCode: '+41',
    zipCode: '8001',
    city: 'Zürich',
    street: 'Bahnhofstrasse',
    houseNumber: '1',
    rememberDevice: false,
    taxAddressEnabled: true,
    powerOfAttorneyEnabled: true,
    powerOfAttorneyAccepted: true,
    isTaxProfileComplete: false,
    key: 'spouse',
    mode: 'all',
    inline: '1',
    id: 1,
    version: 1,
    file: 'notification',
  };
}

const bodyOf = (names: string[], values: Record<string, unknown>) => Object.fromEntries(names.map((name) => [name, values[name] ?? `${MARKER}-${name}`]));

/**
 * The plausible bodies the junk is made from: the route's schema fields. A route whose service
 * checks the body itself names no fields, so each object shape of the domain's schemas is sent
 * once, plausibly filled: the one to three shapes it takes are the bases. A route that takes more
 * ignores its body (base {}); one that takes none gets every known field.
 */
async function bodyBases(route: RegisteredRoute, target: FuzzTarget): Promise<Record<string, unknown>[]> {
  const values = plausibleFor(route, target);
  if (!hasBody(route.method)) return [];
  if (route.bodyKeys.length) return [bodyOf(route.bodyKeys, values)];
  const url = withParams(route.url, defaultParams(route, values));
  const probes = [];
  for (const shape of SHAPES) {
    const body = bodyOf(shape, values);
    const payload = JSON.stringify(body);
    const response = await target.send({ method: route.method, url, as: who(route), signedInRoute: route.access !== 'public', body: { name: 'probe', contentType: 'application/json', payload } });
    probes.push({ body, status: response.statusCode });
  }
  const taken = probes.filter((probe) => probe.status < 300).map((probe) => probe.body);
  if (taken.length > 3 || probes.every((probe) => probe.status === 415)) return [{}];
  return taken.length ? taken : [values];
}

/** Routes that erase the account they name (issue 30): they get the spare account, not the signed-in person's. */
const ACCOUNT_ERASING = new Set(['POST /api/admin/users/:userId/delete']);
const plausibleFor = (route: RegisteredRoute, target: FuzzTarget): Record<string, unknown> => ({
  ...plausible(target),
  ...(ACCOUNT_ERASING.has(`${route.method} ${route.url}`) ? { userId: target.spareUserId } : {}),
});

const who = (route: RegisteredRoute) => (route.access === 'admin' ? 'admin' : 'user');
const defaultParams = (route: RegisteredRoute, values: Record<string, unknown>) =>
  Object.fromEntries(paramNames(route.url).map((name) => [name, encodeURIComponent(String(values[name] ?? '1'))]));

const seedOf = (route: RegisteredRoute) => SEED ^ createHash('sha256').update(`${route.method} ${route.url}`).digest().readUInt32BE(0);
const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
const withParams = (url: string, params: Record<string, string>) => url.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name]!);
const hasBody = (method: string) => method !== 'GET';

/** Every request the fuzzer sends to one route. */
function requestsFor(route: RegisteredRoute, target: FuzzTarget, bases: Record<string, unknown>[]): (Sent & { label: string })[] {
  const values = plausibleFor(route, target);
  const common = { method: route.method, as: who(route), signedInRoute: route.access !== 'public' } as const;
  const params = defaultParams(route, values);
  const query = (overrides: Record<string, string>) => {
    const pairs = { ...Object.fromEntries(route.queryKeys.map((key) => [key, encodeURIComponent(String(values[key] ?? MARKER))])), ...overrides };
    return Object.entries(pairs).map(([key, value]) => `${key}=${value}`).join('&');
  };
  const base = bases[0] ?? {};
  const plainBody: BodyCase | undefined = hasBody(route.method) ? { name: 'plausible', contentType: 'application/json', payload: JSON.stringify(base) } : undefined;
  const url = `${withParams(route.url, params)}?${query({})}`;
  const out: (Sent & { label: string })[] = [];

  if (hasBody(route.method)) {
    for (const [i, shape] of bases.entries()) {
      for (const body of jsonBodies(FIELDS, shape, seedOf(route) + i, RUNS)) out.push({ ...common, url, body, label: `JSON body: ${body.name}` });
    }
    for (const body of multipartBodies(seedOf(route) + 1, Math.ceil(RUNS / 3))) out.push({ ...common, url, body, label: `multipart body: ${body.name}` });
  }
  for (const key of route.queryKeys.length ? route.queryKeys : [`${MARKER}-key`]) {
    for (const value of queryValues()) {
      out.push({ ...common, url: `${withParams(route.url, params)}?${query({ [key]: value })}`, body: plainBody, label: `query ${key}=${value.slice(0, 40)}` });
    }
  }
  for (const shape of queryShapes(route.queryKeys)) {
    out.push({ ...common, url: `${withParams(route.url, params)}?${shape}`, body: plainBody, label: `query ${shape.slice(0, 60)}` });
  }
  for (const name of paramNames(route.url)) {
    for (const value of pathValues()) {
      out.push({ ...common, url: `${withParams(route.url, { ...params, [name]: value })}?${query({})}`, body: plainBody, label: `path ${name}=${value.slice(0, 40)}` });
    }
  }
  return out;
}

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/** A refusal of a field says why by a known field code and its params (issue 25); other answers need none. */
function fieldCodeMissing({ code, field, fieldCode, params }: Record<string, unknown>): boolean {
  if (code !== 'VALIDATION_ERROR' || field === undefined) return false;
  return !isFieldErrorCode(fieldCode) || typeof params !== 'object' || params === null;
}

/**
 * What is wrong with an answer, or undefined: a 5xx, or a 4xx that is not `{ error: { code, message } }`
 * with a known code, or a field's refusal without a known field code.
 */
function problemWith(response: LightMyRequestResponse): string | undefined {
  const excerpt = () => response.body.slice(0, 200);
  if (response.statusCode >= 500) return `${response.statusCode} ${excerpt()}`;
  if (response.statusCode < 400) return undefined;
  try {
    const error = (response.json() as { error?: Record<string, unknown> }).error ?? {};
    const { code, message } = error;
    if (typeof code === 'string' && KNOWN_CODES.has(code) && typeof message === 'string') {
      return fieldCodeMissing(error) ? `${response.statusCode} a field refusal without a known field code: ${excerpt()}` : undefined;
    }
  } catch {
    // not JSON: reported below
  }
  return `${response.statusCode} without a known error code: ${excerpt()}`;
}

/**
 * The person's data every run stores before the fuzzing, and again after it, whatever the fuzzing
 * deleted or changed (then some may be refused: the hourly message limit, a transmitted year).
 */
async function storePersonalData(target: FuzzTarget): Promise<number[]> {
  const put = (url: string, payload: unknown) => target.send({ method: 'PUT', url, as: 'user', signedInRoute: true, body: { name: 'seed', contentType: 'application/json', payload: JSON.stringify(payload) } });
  const answers = [
    await target.send({ method: 'POST', url: '/api/send-message', as: 'user', signedInRoute: true, body: { name: 'seed', contentType: 'application/json', payload: JSON.stringify({ message: MESSAGE }) } }),
    await put('/api/advanced-tax-info/spouse', { taxYear: YEAR, firstName: 'Marco', lastName: 'Muster', age: 41, occupation: 'Engineer', ahvNumber: AHV, taxId: SPOUSE_TAX_ID }),
    await put('/api/advanced-tax-info/authorization', { taxYear: YEAR, taxAddressEnabled: true, powerOfAttorneyEnabled: true, canton: 'ZH', tinNumber: TIN, powerOfAttorneyAccepted: true }),
    await target.send({ method: 'POST', url: '/api/files/upload', as: 'user', signedInRoute: true, body: { name: 'seed', ...multipart(uploadParts(1, YEAR, [{ filename: 'statement.pdf', data: PDF }])) } }),
  ];
  return answers.map((answer) => answer.statusCode);
}

describe.each(drivers)('API fuzz (%s)', (driver) => {
  const target = useFuzzTarget(driver);
  /** Values of sealed fields that a 2xx answer took, with where they were sent. */
  const storedSealed = new Map<string, string>([MESSAGE, AHV, AHV.replaceAll('.', ''), SPOUSE_TAX_ID, TIN].map((value) => [value, 'stored first']));

  it('stores a person’s message, spouse, tax ID and a document first', async () => {
    expect(await storePersonalData(target)).toEqual([201, 200, 200, 200]);
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s: no 5xx, a coded 4xx, nothing sent in the log', async (_, route) => {
    const problems: string[] = [];
    const logsBefore = target.logs.length;
    for (const request of requestsFor(route, target, await bodyBases(route, target))) {
      const response = await target.send(request);
      const problem = problemWith(response);
      if (problem) problems.push(`${request.label}: ${problem}`);
      if (response.statusCode < 300 && request.body?.contentType === 'application/json' && typeof request.body.payload === 'string') {
        try {
          const sent = JSON.parse(request.body.payload) as Record<string, unknown>;
          for (const [field, value] of Object.entries(sent ?? {})) if (SEALED_FIELDS.has(field) && typeof value === 'string' && value.trim().length >= 8) storedSealed.set(value.trim(), `${route.method} ${route.url} ${field} (${request.label})`);
        } catch {
          // not a JSON object
        }
      }
    }
    const leaked = target.logs.slice(logsBefore).filter((line) => line.includes(MARKER));
    expect({ problems, leaked: leaked.map((line) => line.slice(0, 400)) }).toEqual({ problems: [], leaked: [] });
  });

  it('logged none of the stored AHV numbers, tax IDs, messages, names or addresses', () => {
    const log = target.logs.join('\n');
    for (const value of [...storedSealed.keys(), 'Marco', 'fuzz.person@example.ch', 'fuzz.admin@example.ch']) expect(log, value).not.toContain(value);
  });

  it('leaves none of the AHV numbers, tax IDs and messages it stored in plaintext under DATA_DIR', async () => {
    await storePersonalData(target);
    await target.close();
    const scan = scanDataDir(target.dataDir);
    expect(scan.files.some((file) => file.includes('blobs'))).toBe(true);
    if (driver === 'pglite') expect(scan.holding('fuzz.person@example.ch').length).toBeGreaterThan(0);
    const found = Object.entries(scan.plaintext([...storedSealed.keys()])).filter(([, files]) => files.length > 0);
    expect(found.map(([value, files]) => ({ value, sent: storedSealed.get(value), files }))).toEqual([]);
  });
});
