import { z } from 'zod';
import { COUNTRY_CODE_VALUES, digitsOnly, profileAsShown, type UserResponse } from '@taxli/domain';

/**
 * The edit form's rules: those of the API body `profileUpdateBody` (domain), with messages that
 * are keys of the profile namespace (`errors.*`) so that every language shows its own text.
 * A test checks that whatever this schema accepts, the API schema accepts too.
 */
const name = (requiredKey: string) => z.string().trim().min(1, requiredKey).max(100, 'tooLong');

export const profileFormSchema = z.object({
  firstName: name('firstNameRequired'),
  lastName: name('lastNameRequired'),
  phone: z
    .string()
    .transform(digitsOnly)
    .pipe(z.string().min(1, { error: 'phoneRequired', abort: true }).min(4, 'phoneTooShort').max(15, 'phoneTooLong')),
  countryCode: z.enum(COUNTRY_CODE_VALUES),
});

export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

/** What the form starts with: the stored profile as every client shows it (domain: profileAsShown). */
export const profileFormDefaults: (user: Pick<UserResponse, 'firstName' | 'lastName' | 'phone' | 'countryCode'>) => ProfileFormInput = profileAsShown;
