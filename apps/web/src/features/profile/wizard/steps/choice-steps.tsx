import { useTranslation } from 'react-i18next';
import { MARITAL_STATUSES } from '@taxli/domain';
import { RadioGroup } from '../../../../components/ui/radio-group';
import { SwitchField } from '../../../../components/ui/switch-field';
import type { StepProps } from './step-props';

/** Step 5: moved during the year, yes or no (no when left unanswered). */
export function MovedStep({ wizard, year }: StepProps) {
  const { t } = useTranslation('wizard');
  return (
    <SwitchField
      label={t('steps.moved.label', { year })}
      hint={t('steps.moved.hint')}
      checked={wizard.state.answers.movedDuringYear === 'yes'}
      onChange={(on) => wizard.setAnswer('movedDuringYear', on ? 'yes' : 'no')}
    />
  );
}

/** Step 6: firefighter duty in the year. */
export function FirefighterStep({ wizard, year }: StepProps) {
  const { t } = useTranslation('wizard');
  return (
    <SwitchField
      label={t('steps.firefighter.label', { year })}
      hint={t('steps.firefighter.hint')}
      checked={wizard.state.answers.isFirefighter === true}
      onChange={(on) => wizard.setAnswer('isFirefighter', on)}
    />
  );
}

/** Step 7: marital status on 31 December of the year. */
export function MaritalStatusStep({ wizard, year }: StepProps) {
  const { t } = useTranslation('wizard');
  return (
    <RadioGroup
      legend={t('fields.maritalStatus')}
      description={t('steps.maritalStatus.description', { year })}
      name="maritalStatus"
      options={MARITAL_STATUSES.map((value) => ({ value, label: t(`options.maritalStatus.${value}`) }))}
      value={wizard.state.answers.maritalStatus}
      onChange={(value) => wizard.setAnswer('maritalStatus', value)}
      error={wizard.errorOf('maritalStatus')}
    />
  );
}

/** Step 11: Pillar 3a contributions paid in the year, a yes/no question (stored as hasPillar3a). */
export function Pillar3aStep({ wizard, year }: StepProps) {
  const { t } = useTranslation('wizard');
  const value = wizard.state.answers.hasPillar3a;
  return (
    <RadioGroup
      legend={t('steps.pillar3a.question', { year })}
      description={t('steps.pillar3a.hint')}
      name="hasPillar3a"
      options={(['yes', 'no'] as const).map((option) => ({ value: option, label: t(`options.yesNo.${option}`) }))}
      value={value === true ? 'yes' : value === false ? 'no' : null}
      onChange={(option) => wizard.setAnswer('hasPillar3a', option === 'yes')}
      error={wizard.errorOf('hasPillar3a')}
    />
  );
}
