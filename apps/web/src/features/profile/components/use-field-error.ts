import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProfileFormInput, ProfileFormValues } from '../profile-form-schema';

/**
 * The translated message of a field: schema messages are keys of profile `errors.*`; a message the
 * server sent for a field is shown as it came.
 */
export function useFieldError(form: UseFormReturn<ProfileFormInput, unknown, ProfileFormValues>) {
  const { t } = useTranslation('profile');
  return (name: FieldPath<ProfileFormInput>): string | undefined => {
    const message = form.formState.errors[name]?.message;
    return message ? t(`errors.${message}`, { defaultValue: message }) : undefined;
  };
}
