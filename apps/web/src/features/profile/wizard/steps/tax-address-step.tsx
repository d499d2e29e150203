import { useTranslation } from 'react-i18next';
import { TAX_MAIL_DESTINATIONS } from '@taxli/domain';
import { AddressSearch } from '../../../../components/address-search/address-search';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { RadioGroup } from '../../../../components/ui/radio-group';
import type { StepProps } from './step-props';

type MailField = 'taxMailCareOf' | 'taxMailStreet' | 'taxMailHouseNumber' | 'taxMailZipCode' | 'taxMailCity';

/** The address form's label of each field: the residence address's, except c/o. */
const LABELS: Record<MailField, string> = {
  taxMailCareOf: 'fields.taxMailCareOf',
  taxMailStreet: 'fields.street',
  taxMailHouseNumber: 'fields.houseNumber',
  taxMailZipCode: 'fields.zipCode',
  taxMailCity: 'fields.city',
};

/**
 * Step 3 (D19): where tax mail goes, the residence address (the default) or another one, typed or
 * found with the same address search and checked with the same rules as the residence address.
 * Another address typed and then given up stays in the draft, so choosing it again brings it back.
 */
export function TaxAddressStep({ wizard, year }: StepProps) {
  const { t } = useTranslation('wizard');
  const { answers } = wizard.state;
  const text = (field: MailField, extra: { autoComplete?: string; inputMode?: 'numeric'; maxLength?: number; hint?: string } = {}) => {
    const { hint, ...input } = extra;
    return (
      <Field label={t(LABELS[field])} hint={hint} error={wizard.errorOf(field)}>
        <Input
          data-field={field}
          value={answers[field] ?? ''}
          onChange={(event) => wizard.setAnswer(field, event.target.value)}
          onBlur={() => wizard.touch(field)}
          {...input}
        />
      </Field>
    );
  };
  return (
    <div className="space-y-5">
      <RadioGroup
        legend={t('steps.taxAddress.question')}
        description={t('steps.taxAddress.hint', { year })}
        name="taxMailTo"
        columns={1}
        options={TAX_MAIL_DESTINATIONS.map((value) => ({
          value,
          label: t(`steps.taxAddress.${value}`),
          hint: t(`steps.taxAddress.${value}Hint`),
        }))}
        // Not answered yet is the residence address (leaving the step says so too).
        value={answers.taxMailTo ?? 'residence'}
        onChange={(value) => wizard.setAnswer('taxMailTo', value)}
        error={wizard.errorOf('taxMailTo')}
      />
      {answers.taxMailTo === 'other' && (
        <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
          <legend className="px-1 font-medium text-slate-900">{t('steps.taxAddress.otherHeading')}</legend>
          {text('taxMailCareOf', { hint: t('fields.taxMailCareOfHint') })}
          <AddressSearch
            onSelect={(fields) =>
              wizard.update((s) => ({
                ...s,
                answers: {
                  ...s.answers,
                  taxMailStreet: fields.street,
                  taxMailHouseNumber: fields.houseNumber,
                  taxMailZipCode: fields.zipCode,
                  taxMailCity: fields.city,
                },
              }))
            }
          />
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            {text('taxMailStreet', { autoComplete: 'section-taxmail address-line1' })}
            {text('taxMailHouseNumber')}
          </div>
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            {text('taxMailZipCode', { autoComplete: 'section-taxmail postal-code', inputMode: 'numeric', maxLength: 4 })}
            {text('taxMailCity', { autoComplete: 'section-taxmail address-level2' })}
          </div>
        </fieldset>
      )}
    </div>
  );
}
