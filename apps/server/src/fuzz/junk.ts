import fc from 'fast-check';
import { multipart, sha256, type Part } from '../test/multipart.js';

/**
 * What the fuzzer sends. Every text it makes up carries a marker (`fzmk` and a number), so that a
 * marker found in the server's log shows that something a client sent was logged.
 */
export const MARKER = 'fzmk';
let markers = 0;
export const marked = (text = ''): string => `${text}${MARKER}${++markers}`;

/** At most about this many bodies change one field of a plausible body (each field gets at least six). */
const MAX_ONE_FIELD_CASES = 300;

/** One request body: the bytes and the Content-Type header they go with (none: no header). */
export interface BodyCase {
  name: string;
  contentType?: string;
  payload?: string | Buffer;
}

const json = (name: string, value: unknown): BodyCase => ({ name, contentType: 'application/json', payload: JSON.stringify(value) });
const raw = (name: string, payload: string | Buffer, contentType: string | undefined = 'application/json'): BodyCase => ({ name, contentType, payload });
const everyField = (fields: string[], value: () => unknown) => Object.fromEntries(fields.map((field) => [field, value()]));
const nested = (depth: number, open: string, close: string, middle = '1') => open.repeat(depth) + middle + close.repeat(depth);

/** Any UTF-16 code unit: lone surrogates and control characters included. */
const codeUnitString = (maxLength: number) => fc.string({ unit: fc.nat(0xffff).map((unit) => String.fromCharCode(unit)), maxLength });

const junkText = fc
  .oneof(
    codeUnitString(30),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', '\u202e', '\r\n', '%00', '../../etc/passwd', "'; drop table users; --", '<script>', '${7*7}', '{{7*7}}', 'null', 'NaN', '-1', '1e400', '🇨🇭'),
    fc.tuple(fc.constantFrom('a', '9', 'ä', '😀', '\u0000'), fc.integer({ min: 100, max: 5000 })).map(([unit, count]) => unit.repeat(count)),
  )
  .map((text) => marked(text));

const junkNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 5e-324),
);

/** Any JSON value: texts, numbers, booleans, null, arrays and objects of them (keys from `fields`). */
function junkValue(fields: string[]) {
  const key = fc.oneof(fc.constantFrom(...fields, '__proto__', 'constructor', 'prototype'), junkText);
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      junkText,
      junkNumber,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    ),
  })).value;
}

/**
 * JSON bodies for a route: `base` is a plausible body (the route's own fields with believable values),
 * so that most of the fast-check bodies, which change a few of its fields, get past the first check
 * and into the service and the database. Then bodies no client should send: wrong types, invalid
 * JSON, deep nesting, huge texts and numbers, NUL, lone surrogates, prototype keys, wrong content types.
 */
export function jsonBodies(fields: string[], base: Record<string, unknown>, seed: number, runs: number): BodyCase[] {
  const names = Object.keys(base);
  const fixed: BodyCase[] = [
    raw('empty body', ''),
    raw('invalid JSON: {', '{'),
    raw('invalid JSON: missing value', '{"a":}'),
    raw('invalid JSON: nul', 'nul'),
    raw('invalid JSON: trailing text', `{} ${marked()}`),
    raw('invalid JSON: single quotes', "{'taxYear': 2025}"),
    raw('BOM before JSON', `\ufeff${JSON.stringify(base)}`),
    raw('invalid UTF-8 in a string', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(`${marked()}"}`)])),
    raw('number too large for a double', '{"taxYear":1e400,"userId":1e400,"categoryId":1e400}'),
    raw('duplicate keys', `{"taxYear":2025,"taxYear":"${marked()}"}`),
    raw('deep arrays', nested(20_000, '[', ']')),
    raw('deep objects', nested(6_000, '{"a":', '}')),
    raw('1 MB text', JSON.stringify({ ...base, [names[0] ?? 'a']: marked('x'.repeat(1024 * 1024)) })),
    raw('long key', JSON.stringify({ [marked('k'.repeat(50_000))]: 1 })),
    raw('many keys', JSON.stringify(Object.fromEntries(Array.from({ length: 4_000 }, (_, i) => [`k${i}`, i])))),
    raw('__proto__ key', `{"__proto__":{"isAdmin":true,"role":"admin","taxYear":2025},${JSON.stringify(base).slice(1)}`),
    raw('constructor.prototype key', `{"constructor":{"prototype":{"polluted":"${marked()}"}}}`),
    json('null', null),
    json('true', true),
    json('a number', 0),
    json('a text', marked()),
    json('an array', []),
    json('an array of the body', [base]),
    json('empty object', {}),
    json('the plausible body', base),
    json('unknown field added', { ...base, [marked()]: marked() }),
    json('every field NUL', everyField(fields, () => marked('\u0000'))),
    json('every field a lone surrogate', everyField(fields, () => marked('\ud800'))),
    json('every field a control character', everyField(fields, () => marked('\u0007'))),
    json('every field a 60 KB text', everyField(names, () => marked('ä'.repeat(60_000 / Math.max(names.length, 1) / 2)))),
    json('every field empty text', everyField(fields, () => '')),
    json('every field a number', everyField(fields, () => 2025)),
    json('every field 2^31', everyField(fields, () => 2 ** 31)),
    json('every field -2^31-1', everyField(fields, () => -(2 ** 31) - 1)),
    json('every field 2^53+2', everyField(fields, () => 2 ** 53 + 2)),
    json('every field 1e308', everyField(fields, () => 1e308)),
    json('every field a fraction', everyField(fields, () => 1.5)),
    json('every field negative', everyField(fields, () => -1)),
    json('every field null', everyField(fields, () => null)),
    json('every field true', everyField(fields, () => true)),
    json('every field an array', everyField(fields, () => [marked()])),
    json('every field an object', everyField(fields, () => ({ [marked()]: marked() }))),
    json('every field a long array', everyField(names, () => Array.from({ length: 1_000 }, (_, i) => i))),
    json('every field of the body NUL', everyField(names, () => marked('\u0000'))),
    json('every field of the body a lone surrogate', everyField(names, () => marked('\udc00'))),
    json('every field of the body 2^31', everyField(names, () => 2 ** 31)),
    json('every field of the body -1', everyField(names, () => -1)),
    json('every field of the body a text number', everyField(names, () => '2025')),
    raw('text/plain', JSON.stringify(base), 'text/plain'),
    raw('form-urlencoded', `taxYear=2025&a=${marked()}`, 'application/x-www-form-urlencoded'),
    raw('octet-stream', Buffer.from([0, 1, 2, 0xff]), 'application/octet-stream'),
    raw('no Content-Type', JSON.stringify(base), undefined),
    raw('charset utf-16', JSON.stringify(base), 'application/json; charset=utf-16'),
    raw('malformed Content-Type', JSON.stringify(base), `application/json;;;=${marked()}`),
    raw('multipart type, JSON body', JSON.stringify(base), 'multipart/form-data; boundary=x'),
  ];
  // One field of the plausible body, nested ones too (children.0.firstName), set to each bad value;
  // a body of many fields gives each field some of them, in turn, so that all are sent.
  // Each field its own marked texts, so that a text found later tells which field it was sent in.
  const leaves = leafPaths(base);
  const count = badValues().length;
  const perLeaf = Math.min(count, Math.max(6, Math.ceil(MAX_ONE_FIELD_CASES / Math.max(leaves.length, 1))));
  const oneField = leaves.flatMap((path, i) => {
    const values = badValues();
    return Array.from({ length: perLeaf }, (_, k) => values[(i * perLeaf + k) % count]!).map(([label, value]) =>
      json(`${path.join('.')} ${label}`, withValueAt(base, path, value)),
    );
  });
  // Change one to three fields of the plausible body, mostly its own; fields of other routes join in.
  const own = names.length ? names : fields;
  const mutated = fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: fc.constant(names) }, { weight: 1, arbitrary: fc.subarray(names) }),
      fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: fc.constantFrom(...fields) }), junkValue(fields), { minKeys: 1, maxKeys: 3 }),
    )
    .map(([kept, changed]) => ({ ...Object.fromEntries(kept.map((name) => [name, base[name]])), ...changed }));
  const random = fc.sample(fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 1, arbitrary: junkValue(fields) }), { seed, numRuns: runs });
  return [...fixed, ...oneField, ...random.map((value, i) => json(`fast-check body ${i} (seed ${seed})`, value))];
}

/** Values no field should take (each text marked), by name. */
function badValues(): [string, unknown][] {
  return [
    ['NUL', marked('a\u0000')],
    ['lone surrogate', marked('\ud800')],
    ['control character', marked('\u0007')],
    ['direction override', marked('\u202e')],
    ['empty text', ''],
    ['20 KB text', marked('w'.repeat(20_000))],
    ['text number', '2025'],
    ['2^31', 2 ** 31],
    ['-2^31-1', -(2 ** 31) - 1],
    ['2^53+2', 2 ** 53 + 2],
    ['1e308', 1e308],
    ['-1', -1],
    ['1.5', 1.5],
    ['0', 0],
    ['null', null],
    ['true', true],
    ['an array', [marked()]],
    ['an object', { [marked()]: marked() }],
  ];
}

/** The path of every value in `value` that is not itself an object or array with members. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value) && value.length) return value.flatMap((item, i) => leafPaths(item, [...path, i]));
  if (value !== null && typeof value === 'object' && Object.keys(value).length) {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return path.length ? [path] : [];
}

function withValueAt(base: Record<string, unknown>, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}

const boundary = 'fzboundary';
const multipartType = `multipart/form-data; boundary=${boundary}`;
const rawPart = (headers: string, body: string | Buffer) => Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(body), Buffer.from('\r\n')]);
const end = Buffer.from(`--${boundary}--\r\n`);
const asCase = (name: string, built: { payload: Buffer; contentType: string }): BodyCase => ({ name, ...built });

/** A small PDF, a file any upload route accepts. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * Multipart bodies, well-formed and not: the fields of both upload routes (categoryId, taxYear,
 * hashes[] / hashes, categoryName) with good and bad values, bad file names, too many parts, parts
 * without names, truncated bodies. Sent to every route that takes a body.
 */
export function multipartBodies(seed: number, runs: number): BodyCase[] {
  const file = (filename: string, data: Buffer = PDF): Part => ({ name: 'files', filename, data });
  const fields = (hashes: string[], extra: Part[] = [], categoryId = '1', taxYear = '2025'): Part[] => [
    { name: 'categoryId', value: categoryId },
    { name: 'taxYear', value: taxYear },
    { name: 'categoryName', value: marked('Bank ') },
    ...hashes.map((hash) => ({ name: 'hashes[]', value: hash })),
    { name: 'hashes', value: JSON.stringify(hashes) },
    ...extra,
  ];
  const good = (name: string, data: Buffer = PDF) => fields([sha256(data)], [file(name, data)]);
  const fixed: BodyCase[] = [
    asCase('a plausible upload', multipart(good(marked('statement ') + '.pdf'))),
    asCase('hash mismatch', multipart(fields(['0'.repeat(64)], [file('a.pdf')]))),
    asCase('no hash', multipart([{ name: 'categoryId', value: '1' }, { name: 'taxYear', value: '2025' }, file('a.pdf')])),
    asCase('hashes not JSON', multipart(fields([], [{ name: 'hashes', value: marked('[') }, file('a.pdf')]))),
    asCase('hash with NUL', multipart(fields([`${'a'.repeat(63)}\u0000`], [file('a.pdf')]))),
    asCase('file before fields', multipart([file('a.pdf'), ...fields([sha256(PDF)])])),
    asCase('empty file', multipart(good('empty.pdf', Buffer.alloc(0)))),
    asCase('executable named .pdf', multipart(good('setup.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(600, 0x90)])))),
    asCase('HTML named .txt', multipart(good('page.txt', Buffer.from(`<!DOCTYPE html><script>${marked()}</script>`)))),
    asCase('NUL in the file name', multipart(good(marked('a\u0000') + '.pdf'))),
    asCase('path in the file name', multipart(good('../../etc/passwd.pdf'))),
    asCase('300-character file name', multipart(good(`${marked('n'.repeat(300))}.pdf`))),
    asCase('direction mark in the file name', multipart(good(`inv\u202efdp.${marked()}.exe`))),
    asCase('file name of dots', multipart(good('..'))),
    asCase('empty file name', multipart(good(''))),
    ...['', 'abc', '-1', '0', '1.5', '99999999999999999999', '2147483648', '1e400', '\u0000', ' 2025 '].flatMap((value) => [
      asCase(`taxYear ${JSON.stringify(value)}`, multipart(fields([sha256(PDF)], [file('a.pdf')], '1', value))),
      asCase(`categoryId ${JSON.stringify(value)}`, multipart(fields([sha256(PDF)], [file('a.pdf')], value))),
    ]),
    asCase('the same field twice', multipart([...fields([sha256(PDF)]), { name: 'taxYear', value: '2024' }, file('a.pdf')])),
    asCase('100 fields', multipart([...fields([sha256(PDF)]), ...Array.from({ length: 100 }, (_, i) => ({ name: `f${i}`, value: marked() })), file('a.pdf')])),
    asCase('a 5 KB field', multipart([...fields([sha256(PDF)]), { name: 'categoryName', value: marked('c'.repeat(5_000)) }, file('a.pdf')])),
    asCase('25 files', multipart(fields(Array(25).fill(sha256(PDF)), Array.from({ length: 25 }, (_, i) => file(`f${i}.pdf`))))),
    asCase('unknown fields only', multipart([{ name: marked(), value: marked() }])),
    { name: 'no boundary', contentType: 'multipart/form-data', payload: Buffer.concat([rawPart('Content-Disposition: form-data; name="a"', 'b'), end]) },
    { name: 'no parts', contentType: multipartType, payload: end },
    { name: 'empty body', contentType: multipartType, payload: '' },
    { name: 'garbage', contentType: multipartType, payload: Buffer.from(marked('not multipart at all \u0000')) },
    { name: 'truncated', contentType: multipartType, payload: Buffer.concat([rawPart('Content-Disposition: form-data; name="categoryId"', '1'), Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4`)]) },
    { name: 'part without Content-Disposition', contentType: multipartType, payload: Buffer.concat([rawPart('Content-Type: text/plain', marked()), end]) },
    { name: 'part without a name', contentType: multipartType, payload: Buffer.concat([rawPart('Content-Disposition: form-data', marked()), end]) },
    { name: 'RFC 5987 name with a lone surrogate', contentType: multipartType, payload: Buffer.concat([...good('x.pdf').filter((p) => 'value' in p).map((p) => rawPart(`Content-Disposition: form-data; name="${p.name}"`, (p as { value: string }).value)), rawPart(`Content-Disposition: form-data; name="files"; filename*=UTF-8''%ED%A0%80${marked()}.pdf`, PDF), end]) },
    { name: 'invalid UTF-8 in a field', contentType: multipartType, payload: Buffer.concat([rawPart('Content-Disposition: form-data; name="taxYear"', Buffer.from([0xff, 0xfe, 0x00])), end]) },
    { name: 'nested multipart/mixed', contentType: multipartType, payload: Buffer.concat([rawPart('Content-Disposition: form-data; name="files"\r\nContent-Type: multipart/mixed; boundary=inner', `--inner\r\n\r\n${marked()}\r\n--inner--`), end]) },
  ];
  const part = fc.oneof(
    fc.record({ name: fc.constantFrom('categoryId', 'taxYear', 'hashes[]', 'hashes', 'categoryName', 'files'), value: fc.oneof(junkText, fc.constantFrom('1', '2025', sha256(PDF))) }),
    fc.record({ name: fc.constantFrom('files', 'file', 'categoryId'), filename: junkText, data: fc.oneof(fc.constant(PDF), fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes))) }),
  );
  const random = fc.sample(fc.array(part, { maxLength: 6 }), { seed, numRuns: runs });
  return [...fixed, ...random.map((parts, i) => asCase(`fast-check parts ${i} (seed ${seed})`, multipart(parts as Part[])))];
}

/** Values for one query parameter, already encoded for a URL. */
export function queryValues(): string[] {
  return [
    '',
    '%00',
    `${MARKER}%00`,
    '%ED%A0%80',
    '%FF%FE',
    '%',
    '%E2%80%AE',
    encodeURIComponent(marked('q'.repeat(3_000))),
    '-1',
    '0',
    '1.5',
    '1e400',
    'NaN',
    'Infinity',
    '2147483648',
    '99999999999999999999',
    encodeURIComponent(marked("'; select pg_sleep(1); --")),
    encodeURIComponent(marked('%_\\')),
  ];
}

/** Whole query strings that are wrong in their shape: repeated keys, brackets, prototype keys. */
export function queryShapes(keys: string[]): string[] {
  const key = keys[0] ?? 'taxYear';
  return [
    `${key}=1&${key}=2`,
    `${key}[]=1`,
    `${key}[a]=1`,
    `__proto__[${key}]=1`,
    `constructor[prototype][x]=${MARKER}`,
    '&&&==&',
    keys.map((k) => `${k}=%00`).join('&') || 'x=%00',
    keys.map((k) => `${k}=${encodeURIComponent(marked())}`).join('&') || `x=${MARKER}`,
  ];
}

/** Values for one path parameter, encoded so they stay one path segment. */
export function pathValues(): string[] {
  return ['%20', '%00', '%ED%A0%80', '%FF', '0', '-1', '1.5', '1e400', '2147483648', '99999999999999999999', 'NaN', '..', '%2E%2E', '%2F', encodeURIComponent(marked('p'.repeat(2_000))), '__proto__', 'constructor', encodeURIComponent(marked('😀\u202e'))];
}
