import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, digitsOnly } from '@taxli/domain';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { ProfileFormInput, ProfileFormValues } from '../profile-form-schema';
import { useFieldError } from './use-field-error';

/**
 * Country code (native select, +41 first; each option the country's name in the interface language
 * and its code, 'Switzerland +41') and the phone number, which keeps digits only as you type.
 */
export function PhoneFields({ form }: { form: UseFormReturn<ProfileFormInput, unknown, ProfileFormValues> }) {
  const { t } = useTranslation(['profile', 'common']);
  const fieldError = useFieldError(form);
  const phone = form.register('phone');
  return (
    <div className="grid gap-4 sm:grid-cols-[13rem_1fr]">
      <Field label={t('fields.countryCode')} error={fieldError('countryCode')}>
        <select
          {...form.register('countryCode')}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900"
        >
          {COUNTRY_CODES.map(({ code, country }) => (
            <option key={code} value={code}>
              {`${t(`common:countries.${country}`, { defaultValue: country })} ${code}`}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('fields.phone')} error={fieldError('phone')}>
        <Input
          {...phone}
          onChange={(event) => {
            event.target.value = digitsOnly(event.target.value);
            void phone.onChange(event);
          }}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
        />
      </Field>
    </div>
  );
}
