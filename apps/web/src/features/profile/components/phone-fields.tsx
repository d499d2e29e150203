import type { ChangeEvent, InputHTMLAttributes, Ref, SelectHTMLAttributes } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, digitsOnly, normalisePhone } from '@taxli/domain';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { ProfileFormInput, ProfileFormValues } from '../profile-form-schema';
import { useFieldError } from './use-field-error';

interface PhoneInputsProps {
  /** Spread on the country-code select (a form registration, or value and onChange). */
  countryCode: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };
  /** Spread on the phone input; its onChange receives digits only. */
  phone: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement>; [data: `data-${string}`]: string | undefined };
  countryCodeError?: string;
  phoneError?: string;
}

/**
 * Country code (native select, +41 first; each option the country's name in the interface language
 * and its code, 'Switzerland +41') and the phone number, which keeps digits only as you type.
 * Used by the profile form and the tax-profile wizard's first step.
 */
export function PhoneInputs({ countryCode, phone, countryCodeError, phoneError }: PhoneInputsProps) {
  const { t } = useTranslation(['profile', 'common']);
  return (
    <div className="grid gap-4 sm:grid-cols-[13rem_1fr]">
      <Field label={t('fields.countryCode')} error={countryCodeError}>
        <select
          {...countryCode}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900"
        >
          {COUNTRY_CODES.map(({ code, country }) => (
            <option key={code} value={code}>
              {`${t(`common:countries.${country}`, { defaultValue: country })} ${code}`}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('fields.phone')} error={phoneError}>
        <Input
          {...phone}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            event.target.value = digitsOnly(event.target.value);
            phone.onChange?.(event);
          }}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
        />
      </Field>
    </div>
  );
}

/** The phone fields of the profile form. */
export function PhoneFields({ form }: { form: UseFormReturn<ProfileFormInput, unknown, ProfileFormValues> }) {
  const fieldError = useFieldError(form);
  const phone = form.register('phone');
  return (
    <PhoneInputs
      countryCode={form.register('countryCode')}
      phone={{
        ...phone,
        onChange: (event) => void phone.onChange(event),
        // Shown in the form the server stores (issue 28): "079 123 45 67" under +41 reads 791234567.
        onBlur: (event) => {
          const normal = normalisePhone(form.getValues('countryCode'), event.target.value);
          if (normal !== event.target.value) form.setValue('phone', normal, { shouldDirty: true });
          void phone.onBlur(event);
        },
      }}
      countryCodeError={fieldError('countryCode')}
      phoneError={fieldError('phone')}
    />
  );
}
