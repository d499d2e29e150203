import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { requestCodeBody, verifyCodeBody } from './auth.js';
import { profileUpdateBody } from './user.js';

describe('sign-in schemas', () => {
  it('normalises e-mail addresses to trimmed lower case', () => {
    expect(requestCodeBody.parse({ email: '  Anna.Muster@Example.CH ' }).email).toBe('anna.muster@example.ch');
  });

  it('rejects missing and malformed e-mail addresses with a message', () => {
    expect(requestCodeBody.safeParse({}).error?.issues[0]?.message).toBe('E-mail is required');
    expect(requestCodeBody.safeParse({ email: 'not-an-address' }).error?.issues[0]?.message).toBe(
      'E-mail is not a valid address',
    );
  });

  it('accepts exactly six digits as a code, nothing else', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        const ok = verifyCodeBody.safeParse({ email: 'a@b.ch', code }).success;
        expect(ok).toBe(/^\d{6}$/.test(code.trim()));
      }),
    );
    expect(verifyCodeBody.safeParse({ email: 'a@b.ch', code: '012345' }).success).toBe(true);
  });
});

describe('profile schema', () => {
  it('keeps digits only in the phone number and defaults the country code to +41', () => {
    const parsed = profileUpdateBody.parse({ firstName: 'Anna', lastName: 'Muster', phone: '079 123 45 67' });
    expect(parsed.phone).toBe('0791234567');
    expect(parsed.countryCode).toBe('+41');
  });

  it('names the missing field', () => {
    const result = profileUpdateBody.safeParse({ firstName: ' ', lastName: 'M', phone: '0791234567' });
    expect(result.error?.issues[0]?.path).toEqual(['firstName']);
    expect(result.error?.issues[0]?.message).toBe('First name is required');
  });

  it('refuses country codes that are not offered', () => {
    expect(profileUpdateBody.safeParse({ firstName: 'A', lastName: 'B', phone: '0791234567', countryCode: '+1' }).success).toBe(false);
  });
});
