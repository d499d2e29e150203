import { describe, expect, it } from 'vitest';
import { expectedDocumentKind } from '@taxli/domain';
import { contentKind, SNIFF_BYTES } from './content-type.js';
import { ACCEPTED_SAMPLES, zipOf } from '../test/document-samples.js';

const bytes = (...values: number[]) => Buffer.from(values);

describe('contentKind', () => {
  it('tells executables by their signature, whatever the rest', () => {
    expect(contentKind(Buffer.from('MZ\x90\x00rest'))).toBe('executable');
    expect(contentKind(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1))).toBe('executable');
    expect(contentKind(bytes(0xcf, 0xfa, 0xed, 0xfe, 7, 0))).toBe('executable');
    expect(contentKind(Buffer.from('#!/bin/sh\nrm -rf /\n'))).toBe('executable');
  });

  it('tells HTML and SVG after a byte-order mark and white space', () => {
    expect(contentKind(Buffer.from('\uFEFF  \n<!DOCTYPE html><html>'))).toBe('html');
    expect(contentKind(Buffer.from('<html><script>alert(1)</script>'))).toBe('html');
    expect(contentKind(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">'))).toBe('html');
  });

  it('tells documents and images', () => {
    expect(contentKind(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(contentKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(contentKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(contentKind(bytes(0x50, 0x4b, 0x03, 0x04))).toBe('zip');
    expect(contentKind(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('ole');
  });

  it('tells text (UTF-8, umlauts included) from binary', () => {
    expect(contentKind(Buffer.from('Lohnausweis 2025\r\nBrutto: 85 000 CHF, Zürich\n'))).toBe('text');
    expect(contentKind(bytes(0x00, 0x01, 0x02, 0x03))).toBe('binary');
    expect(contentKind(Buffer.from([0x41, 0x42, 0xff, 0xfe, 0x41, 0x42]))).toBe('binary');
  });

  it('recognises a sample of every accepted extension as the kind its name stands for', () => {
    const kinds = Object.fromEntries(Object.entries(ACCEPTED_SAMPLES).map(([extension, make]) => [extension, contentKind(make().subarray(0, SNIFF_BYTES))]));
    expect(kinds).toEqual(Object.fromEntries(Object.keys(ACCEPTED_SAMPLES).map((extension) => [extension, expectedDocumentKind('dashboard', `x${extension}`)])));
  });

  it('finds markup anywhere in the head of a text, in any case, but lets plain angle brackets be', () => {
    expect(contentKind(Buffer.from(`${'Kontoauszug 2025\n'.repeat(20)}<ScRiPt>alert(1)</script>`))).toBe('html');
    expect(contentKind(Buffer.from('Beleg: <a href="https://example.invalid">hier</a>'))).toBe('html');
    expect(contentKind(Buffer.from('<!-- x -->\n<svg/>'))).toBe('html');
    expect(contentKind(Buffer.from('Name <anna@example.ch>; 3 < 5 > 2; <b>?'))).toBe('text');
  });

  it('takes text cut inside a character by the head, but not UTF-16 or broken UTF-8', () => {
    const cut = Buffer.from(`${'x'.repeat(SNIFF_BYTES - 1)}ü`).subarray(0, SNIFF_BYTES);
    expect(contentKind(cut)).toBe('text');
    expect(contentKind(Buffer.from('Lohnausweis', 'utf16le'))).toBe('binary');
    expect(contentKind(Buffer.concat([bytes(0xff, 0xfe), Buffer.from('Lohnausweis', 'utf16le')]))).toBe('binary');
    expect(contentKind(Buffer.from([0x41, 0xc3, 0x28, 0x41]))).toBe('binary');
  });

  it('tells Office and OpenDocument ZIPs by their first entries, and any other archive as a plain zip', () => {
    expect(contentKind(zipOf([['docProps/app.xml', '<Properties/>']]))).toBe('ooxml');
    expect(contentKind(zipOf([['[Content_Types].xml', '<Types/>'], ['xl/vbaProject.bin', 'macros']]))).toBe('zip');
    expect(contentKind(zipOf([['mimetype', 'application/vnd.oasis.opendocument.presentation']]))).toBe('zip');
    expect(contentKind(zipOf([['setup.exe', 'MZ']]))).toBe('zip');
  });
});
