import { describe, expect, it } from 'vitest';
import { looksLikeEmail } from './email.js';
import { emailSchema } from './api/auth.js';

describe('looksLikeEmail', () => {
  it.each(['anna@example.ch', ' anna.muster@sub.example.ch ', 'a+b@x.io'])('accepts %s', (value) => {
    expect(looksLikeEmail(value)).toBe(true);
  });
  it.each(['', 'anna', 'anna@', '@example.ch', 'anna@example', 'an na@example.ch', 'anna@exa mple.ch'])(
    'rejects %j',
    (value) => {
      expect(looksLikeEmail(value)).toBe(false);
    },
  );
  it('never rejects an address the server accepts', () => {
    for (const value of ['anna@example.ch', 'a.b-c_d@e-f.example.co.uk', 'x@y.museum']) {
      expect(emailSchema.safeParse(value).success).toBe(true);
      expect(looksLikeEmail(value)).toBe(true);
    }
  });
});
