import { useTranslation } from 'react-i18next';
import { isAlimonyOffered, setPaysAlimony, type EmploymentType } from '@taxli/domain';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { RadioGroup } from '../../../../components/ui/radio-group';
import { SwitchField } from '../../../../components/ui/switch-field';
import { wholeNumberOrNull } from './real-estate-step';
import type { StepProps } from './step-props';

const BASIC_EMPLOYMENT: readonly EmploymentType[] = ['employed', 'self-employed', 'farmer'];

/**
 * Step 10: shares, foreign income, alimony (only for divorced or separated people with children;
 * off clears amount and duration) and the employment type.
 */
export function AdvancedStep({ wizard, year }: StepProps) {
  const { t } = useTranslation('wizard');
  const { answers } = wizard.state;
  const alimonyOffered = isAlimonyOffered(wizard.state);
  return (
    <div className="space-y-4">
      <SwitchField
        label={t('steps.advanced.investments', { year })}
        hint={t('steps.advanced.investmentsHint')}
        checked={answers.hasInvestments === true}
        onChange={(on) => wizard.setAnswer('hasInvestments', on)}
      />
      <SwitchField
        label={t('steps.advanced.foreignIncome', { year })}
        hint={t('steps.advanced.foreignIncomeHint')}
        checked={answers.hasForeignIncome === true}
        onChange={(on) => wizard.setAnswer('hasForeignIncome', on)}
      />
      {alimonyOffered && (
        <>
          <SwitchField
            label={t('steps.advanced.alimony', { year })}
            hint={t('steps.advanced.alimonyHint')}
            checked={answers.paysAlimony === true}
            onChange={(on) => wizard.update((s) => setPaysAlimony(s, on))}
          />
          {answers.paysAlimony === true && (
            <div className="grid gap-4 border-l-4 border-brand-100 pl-4 sm:grid-cols-2">
              <Field label={t('fields.alimonyAmount')} error={wizard.errorOf('alimonyAmount')}>
                <Input
                  data-field="alimonyAmount"
                  inputMode="numeric"
                  value={answers.alimonyAmount ?? ''}
                  onChange={(event) => wizard.setAnswer('alimonyAmount', wholeNumberOrNull(event.target.value))}
                />
              </Field>
              <Field label={t('fields.alimonyDuration')} error={wizard.errorOf('alimonyDuration')}>
                <Input
                  data-field="alimonyDuration"
                  value={answers.alimonyDuration ?? ''}
                  onChange={(event) => wizard.setAnswer('alimonyDuration', event.target.value)}
                />
              </Field>
            </div>
          )}
        </>
      )}
      <RadioGroup
        legend={t('fields.employmentType')}
        name="employmentTypeBasic"
        columns={3}
        options={BASIC_EMPLOYMENT.map((value) => ({ value, label: t(`options.employmentType.${value}`) }))}
        value={answers.employmentType && BASIC_EMPLOYMENT.includes(answers.employmentType) ? answers.employmentType : null}
        onChange={(value) => wizard.setAnswer('employmentType', value)}
      />
    </div>
  );
}
