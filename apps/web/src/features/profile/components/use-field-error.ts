import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProfileFormInput, ProfileFormValues } from '../profile-form-schema';

/** The error type of a field the server refused: its message is already the translated text (lib/field-error-text.ts). */
export const SERVER_REFUSAL = 'server';

/**
 * The translated message of a field: schema messages are keys of profile `errors.*`; a refusal
 * from the server comes translated by its field code, and is shown as it is.
 */
export function useFieldError(form: UseFormReturn<ProfileFormInput, unknown, ProfileFormValues>) {
  const { t } = useTranslation('profile');
  return (name: FieldPath<ProfileFormInput>): string | undefined => {
    const error = form.formState.errors[name];
    if (!error?.message) return undefined;
    return error.type === SERVER_REFUSAL ? error.message : t(`errors.${error.message}`, { defaultValue: error.message });
  };
}
