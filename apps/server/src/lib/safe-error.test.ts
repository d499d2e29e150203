import { describe, expect, it } from 'vitest';
import { maskPersonalData, safeError } from './safe-error.js';

describe('safeError', () => {
  it('keeps what helps debugging and masks what could be personal', () => {
    const error = Object.assign(new Error('invalid input "Anna Muster" for anna@example.ch, code 123456 in "users"'), {
      code: '22P02',
      detail: 'Key (email)=(anna@example.ch)',
    });
    const logged = safeError(error);
    expect(logged).toMatchObject({ type: 'Error', code: '22P02' });
    expect(logged.message).toBe('invalid input "[value]" for [email], code [number] in "users"');
    expect(JSON.stringify(logged)).not.toMatch(/Anna|anna@|123456|Key \(email\)/);
    expect(String(logged.stack)).toMatch(/^\s+at /);
  });

  it('masks addresses in free text', () => {
    expect(maskPersonalData('550 <ben.muster@example.ch> unknown')).toBe('550 <[email]> unknown');
  });
});
