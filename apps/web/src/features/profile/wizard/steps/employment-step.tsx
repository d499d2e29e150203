import { useTranslation } from 'react-i18next';
import { EMPLOYMENT_TYPES } from '@taxli/domain';
import { RadioGroup } from '../../../../components/ui/radio-group';
import { SwitchField } from '../../../../components/ui/switch-field';
import type { StepProps } from './step-props';

/**
 * Step 12: employment type (all six, retired included), pension income, AHV/IV benefits and
 * disability. Pillar 3a is asked once, on step 11; here the pension question (hasPension) is asked.
 */
export function EmploymentStep({ wizard, year }: StepProps) {
  const { t } = useTranslation('wizard');
  const { answers } = wizard.state;
  return (
    <div className="space-y-4">
      <RadioGroup
        legend={t('fields.employmentType')}
        name="employmentType"
        columns={3}
        options={EMPLOYMENT_TYPES.map((value) => ({ value, label: t(`options.employmentType.${value}`) }))}
        value={answers.employmentType}
        onChange={(value) => wizard.setAnswer('employmentType', value)}
        error={wizard.errorOf('employmentType')}
      />
      <SwitchField
        label={t('steps.employment.pension', { year })}
        hint={t('steps.employment.pensionHint')}
        checked={answers.hasPension === true}
        onChange={(on) => wizard.setAnswer('hasPension', on)}
      />
      <SwitchField
        label={t('steps.employment.ahvIv', { year })}
        hint={t('steps.employment.ahvIvHint')}
        checked={answers.receivesAHVIV === true}
        onChange={(on) => wizard.setAnswer('receivesAHVIV', on)}
      />
      <SwitchField
        label={t('steps.employment.disabled')}
        hint={t('steps.employment.disabledHint')}
        checked={answers.isDisabled === true}
        onChange={(on) => wizard.setAnswer('isDisabled', on)}
      />
    </div>
  );
}
