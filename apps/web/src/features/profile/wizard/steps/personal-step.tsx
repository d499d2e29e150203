import { useTranslation } from 'react-i18next';
import { DEFAULT_COUNTRY_CODE, normalisePhone, RELIGIONS, SALUTATIONS, toIsoDate, type CountryCode, type Religion } from '@taxli/domain';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { RadioGroup } from '../../../../components/ui/radio-group';
import { useToday } from '../../../../lib/clock';
import { PhoneInputs } from '../../components/phone-fields';
import { choice, type StepProps } from './step-props';

const SELECT_CLASS = 'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-600';

/** Step 1: salutation, names, date of birth, religion, phone and job (part 2 §2). */
export function PersonalStep({ wizard }: StepProps) {
  const { t } = useTranslation('wizard');
  const today = useToday();
  const { personal, answers } = wizard.state;
  return (
    <div className="space-y-5">
      <RadioGroup
        legend={t('fields.salutation')}
        name="salutation"
        options={SALUTATIONS.map((value) => ({ value, label: t(`options.salutation.${value}`) }))}
        value={personal.salutation}
        onChange={(value) => wizard.setPersonal('salutation', value)}
        error={wizard.errorOf('salutation')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.firstName')} error={wizard.errorOf('firstName')}>
          <Input
            data-field="firstName"
            autoComplete="given-name"
            value={personal.firstName ?? ''}
            onChange={(event) => wizard.setPersonal('firstName', event.target.value)}
          />
        </Field>
        <Field label={t('fields.lastName')} error={wizard.errorOf('lastName')}>
          <Input
            data-field="lastName"
            autoComplete="family-name"
            value={personal.lastName ?? ''}
            onChange={(event) => wizard.setPersonal('lastName', event.target.value)}
          />
        </Field>
        <Field label={t('fields.dateOfBirth')} error={wizard.errorOf('dateOfBirth')}>
          <Input
            data-field="dateOfBirth"
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={toIsoDate(today)}
            value={personal.dateOfBirth ?? ''}
            onChange={(event) => wizard.setPersonal('dateOfBirth', event.target.value)}
            onBlur={() => wizard.touch('dateOfBirth')}
          />
        </Field>
        <Field label={t('fields.religion')} hint={t('fields.religionHint')} error={wizard.errorOf('religion')}>
          <select
            data-field="religion"
            className={SELECT_CLASS}
            value={answers.religion ?? ''}
            onChange={(event) => wizard.setAnswer('religion', choice<Religion>(event.target.value))}
          >
            <option value="">{t('fields.choose')}</option>
            {RELIGIONS.map((value) => (
              <option key={value} value={value}>
                {t(`options.religion.${value}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <PhoneInputs
        countryCode={{
          value: personal.countryCode ?? '+41',
          onChange: (event) => wizard.setPersonal('countryCode', event.target.value as CountryCode),
        }}
        phone={{
          value: personal.phone ?? '',
          onChange: (event) => wizard.setPersonal('phone', event.target.value),
          onBlur: () => {
            // Shown in the form the server stores (issue 28): "079 123 45 67" under +41 reads 791234567.
            const typed = personal.phone ?? '';
            const normal = normalisePhone(personal.countryCode ?? DEFAULT_COUNTRY_CODE, typed);
            if (normal !== typed) wizard.setPersonal('phone', normal);
            wizard.touch('phone');
          },
          'data-field': 'phone',
        }}
        phoneError={wizard.errorOf('phone')}
      />
      <Field label={t('fields.jobName')} error={wizard.errorOf('jobName')}>
        <Input
          data-field="jobName"
          autoComplete="organization-title"
          value={personal.jobName ?? ''}
          onChange={(event) => wizard.setPersonal('jobName', event.target.value)}
        />
      </Field>
    </div>
  );
}
