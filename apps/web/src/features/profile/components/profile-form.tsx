import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserResponse } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useProfileForm } from '../use-profile-form';
import { LegalLinks } from './legal-links';
import { PhoneFields } from './phone-fields';
import { SubscriptionPlans } from './subscription-plans';
import { TermsAcceptance } from './terms-acceptance';
import { useFieldError } from './use-field-error';

interface ProfileFormProps {
  user: UserResponse;
  /** First-time mode: liability statement and terms, no way back until saved. */
  firstTime: boolean;
}

export function ProfileForm({ user, firstTime }: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const { form, termsAccepted, onTermsChange, submit, saving, done, newerStored } = useProfileForm(user, firstTime);
  const fieldError = useFieldError(form);
  const here = firstTime ? '/profile?firstTime=true' : '/profile';
  const submitLabel = firstTime ? t('actions.submitFirstTime') : t('actions.update');

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-6">
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('fields.firstName')} error={fieldError('firstName')}>
            <Input {...form.register('firstName')} autoComplete="given-name" />
          </Field>
          <Field label={t('fields.lastName')} error={fieldError('lastName')}>
            <Input {...form.register('lastName')} autoComplete="family-name" />
          </Field>
        </div>
        <PhoneFields form={form} />
        <Field label={t('fields.email')} hint={t('fields.emailHint')}>
          <Input value={user.email} readOnly type="email" className="bg-slate-100" />
        </Field>
      </div>

      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <SubscriptionPlans plan={user.subscriptionPlan} />
      </div>

      {firstTime && <TermsAcceptance accepted={termsAccepted} onChange={onTermsChange} />}

      <LegalLinks returnTo={here} />

      {newerStored && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {t('newerSaved', {
            name: `${newerStored.firstName} ${newerStored.lastName}`.trim(),
            phone: newerStored.phone ? `${newerStored.countryCode} ${newerStored.phone}` : '–',
          })}
        </p>
      )}

      <div className="flex flex-wrap justify-end gap-3">
        {!firstTime && (
          <Button variant="secondary" onClick={() => void navigate('/')}>
            {t('actions.mainMenu')}
          </Button>
        )}
        <Button type="submit" disabled={saving || done || (firstTime && !termsAccepted)}>
          {saving && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
