import { useTranslation } from 'react-i18next';
import { cantonFromStateName, HOUSING_SITUATIONS, type TaxProfileAnswers } from '@taxli/domain';
import { AddressSearch } from '../../../../components/address-search/address-search';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { RadioGroup } from '../../../../components/ui/radio-group';
import type { StepProps } from './step-props';

type AddressField = 'street' | 'houseNumber' | 'zipCode' | 'city' | 'gemeinde';

/** Step 4: the address search fills the fields; each can be typed by hand (D9); then the housing. */
export function AddressStep({ wizard }: StepProps) {
  const { t } = useTranslation('wizard');
  const { answers } = wizard.state;
  const text = (field: AddressField, extra: { autoComplete?: string; inputMode?: 'numeric'; maxLength?: number } = {}) => (
    <Field label={t(`fields.${field}`)} error={wizard.errorOf(field)}>
      <Input
        data-field={field}
        value={answers[field] ?? ''}
        onChange={(event) => {
          wizard.setAnswer(field, event.target.value);
          // Another place typed by hand: the chosen suggestion's canton no longer says where it is.
          if (field === 'zipCode' || field === 'city') wizard.setAddressCanton(null);
        }}
        onBlur={() => wizard.touch(field)}
        {...extra}
      />
    </Field>
  );
  return (
    <div className="space-y-5">
      <AddressSearch
        onSelect={(fields, suggestion) => {
          wizard.update((s) => ({ ...s, answers: { ...s.answers, ...fields } satisfies TaxProfileAnswers }));
          // Its canton, to ask before going on when it is not the canton of residence chosen (issue 28).
          wizard.setAddressCanton(cantonFromStateName(suggestion.state) ?? null);
        }}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        {text('street', { autoComplete: 'address-line1' })}
        {text('houseNumber')}
      </div>
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        {text('zipCode', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 4 })}
        {text('city', { autoComplete: 'address-level2' })}
      </div>
      <Field label={t('fields.gemeinde')} hint={t('fields.gemeindeHint')} error={wizard.errorOf('gemeinde')}>
        <Input
          data-field="gemeinde"
          value={answers.gemeinde ?? ''}
          onChange={(event) => wizard.setAnswer('gemeinde', event.target.value)}
        />
      </Field>
      <RadioGroup
        legend={t('fields.housingSituation')}
        name="housingSituation"
        options={HOUSING_SITUATIONS.map((value) => ({ value, label: t(`options.housingSituation.${value}`) }))}
        value={answers.housingSituation}
        onChange={(value) => wizard.setAnswer('housingSituation', value)}
        error={wizard.errorOf('housingSituation')}
      />
    </div>
  );
}
