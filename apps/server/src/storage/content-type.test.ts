import { describe, expect, it } from 'vitest';
import { contentKind } from './content-type.js';

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
});
