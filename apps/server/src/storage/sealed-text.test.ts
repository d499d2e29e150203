import { describe, expect, it } from 'vitest';
import { openText, sealText } from './sealed-text.js';

const KEY = Buffer.alloc(32, 7);

describe('sealed text', () => {
  it('opens what it sealed, and never shows the value in the sealed form', () => {
    const sealed = sealText(KEY, 'ahv', '756.1234.5678.97');
    expect(sealed).not.toContain('1234');
    expect(sealed).not.toBe(sealText(KEY, 'ahv', '756.1234.5678.97')); // a fresh nonce every time
    expect(openText(KEY, 'ahv', sealed)).toBe('756.1234.5678.97');
  });

  it('refuses another purpose, another key and an altered value', () => {
    const sealed = sealText(KEY, 'ahv', '756.1234.5678.97');
    expect(() => openText(KEY, 'tin', sealed)).toThrow();
    expect(() => openText(Buffer.alloc(32, 8), 'ahv', sealed)).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => openText(KEY, 'ahv', [...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
  });
});
