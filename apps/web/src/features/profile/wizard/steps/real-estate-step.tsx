import { useTranslation } from 'react-i18next';
import { MAX_PROPERTIES, PROPERTY_USES } from '@taxli/domain';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { RadioGroup } from '../../../../components/ui/radio-group';
import { SwitchField } from '../../../../components/ui/switch-field';
import type { StepProps } from './step-props';

/** A whole number typed into a field; empty is "not given". */
export function wholeNumberOrNull(raw: string): number | null {
  const digits = raw.replace(/\D/g, '');
  return digits === '' ? null : Number.parseInt(digits, 10);
}

/** Step 8: real estate; when owned, how many, where, and whether lived in or let. */
export function RealEstateStep({ wizard }: StepProps) {
  const { t } = useTranslation('wizard');
  const { answers } = wizard.state;
  const owner = answers.propertyOwner === true;
  return (
    <div className="space-y-5">
      <SwitchField
        label={t('steps.realEstate.label')}
        hint={t('steps.realEstate.hint')}
        checked={owner}
        onChange={(on) =>
          wizard.update((s) => ({
            ...s,
            answers: on
              ? { ...s.answers, propertyOwner: true, numberOfProperties: s.answers.numberOfProperties || 1 }
              : { ...s.answers, propertyOwner: false, numberOfProperties: null, propertyCountry: null, propertyUse: null },
          }))
        }
      />
      {owner && (
        <div className="space-y-5 border-l-4 border-brand-100 pl-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('fields.numberOfProperties')} error={wizard.errorOf('numberOfProperties')}>
              <Input
                data-field="numberOfProperties"
                type="number"
                min={1}
                max={MAX_PROPERTIES}
                inputMode="numeric"
                value={answers.numberOfProperties ?? ''}
                onChange={(event) => wizard.setAnswer('numberOfProperties', wholeNumberOrNull(event.target.value))}
              />
            </Field>
            <Field label={t('fields.propertyCountry')} error={wizard.errorOf('propertyCountry')}>
              <Input
                data-field="propertyCountry"
                autoComplete="country-name"
                value={answers.propertyCountry ?? ''}
                onChange={(event) => wizard.setAnswer('propertyCountry', event.target.value)}
              />
            </Field>
          </div>
          <RadioGroup
            legend={t('fields.propertyUse')}
            name="propertyUse"
            options={PROPERTY_USES.map((value) => ({ value, label: t(`options.propertyUse.${value}`) }))}
            value={answers.propertyUse}
            onChange={(value) => wizard.setAnswer('propertyUse', value)}
            error={wizard.errorOf('propertyUse')}
          />
        </div>
      )}
    </div>
  );
}
