import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profileUpdateBody } from '@taxli/domain';
import { profileFormDefaults, profileFormSchema } from './profile-form-schema';

describe('profile form schema', () => {
  it('accepts nothing the API would refuse', () => {
    const phoneLike = fc.stringMatching(/^[0-9 +()\-./]{0,24}$/);
    const countryCode = fc.constantFrom('+41', '+49', '+33', '+39', '+43', '+423', '+32', '+352', '+34');
    fc.assert(
      fc.property(fc.string({ maxLength: 110 }), fc.string({ maxLength: 110 }), phoneLike, countryCode, (firstName, lastName, phone, code) => {
        const values = { firstName, lastName, phone, countryCode: code };
        if (profileFormSchema.safeParse(values).success) {
          expect(profileUpdateBody.safeParse(values).success).toBe(true);
        }
      }),
    );
  });

  it('names each missing field with a message key', () => {
    const result = profileFormSchema.safeParse({ firstName: ' ', lastName: '', phone: 'abc', countryCode: '+41' });
    const messages = Object.fromEntries(result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
    expect(messages).toEqual({ firstName: 'firstNameRequired', lastName: 'lastNameRequired', phone: 'phoneRequired' });
  });

  it('starts with +41 when the stored country code is missing or not offered', () => {
    const user = { firstName: 'A', lastName: 'B', phone: '079 123', countryCode: '' };
    expect(profileFormDefaults(user).countryCode).toBe('+41');
    expect(profileFormDefaults({ ...user, countryCode: '+1' }).countryCode).toBe('+41');
    expect(profileFormDefaults({ ...user, countryCode: '+49' })).toEqual({
      firstName: 'A',
      lastName: 'B',
      phone: '079123',
      countryCode: '+49',
    });
  });
});
