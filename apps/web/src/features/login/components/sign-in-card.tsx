import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SecondFactorStep } from './second-factor-step';

type Step = { name: 'email'; returning: boolean } | { name: 'code' } | { name: 'second-factor' };

interface SignInCardProps {
  /** A silent session restore is under way. */
  restoring: boolean;
  className?: string;
}

/**
 * The two-step sign-in: e-mail, then code (or a passkey instead of both); for experts and admins a
 * third step, the passkey (issue 30). The address typed survives going back and forth.
 */
export function SignInCard({ restoring, className }: SignInCardProps) {
  const { t } = useTranslation('login');
  const [step, setStep] = useState<Step>({ name: 'email', returning: false });
  const [email, setEmail] = useState('');

  const status = step.name === 'code' ? t('code.checkEmail') : restoring ? t('page.restoring') : '';

  return (
    <section aria-labelledby="sign-in-heading" className={cn('rounded-xl bg-white p-6 text-slate-900 shadow-2xl sm:p-8', className)}>
      <h2 id="sign-in-heading" className="text-2xl font-semibold">
        {t('signIn.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t('signIn.description')}</p>
      {/* One live region for the whole card, present from the start, so readers announce changes. */}
      <div role="status" aria-live="polite" className={status ? 'mt-4' : undefined}>
        {status && (
          <p className="flex items-start gap-2 rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900">
            <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              {status}
              {step.name === 'code' && <span className="mt-1 block text-green-900">{t('code.sentTo', { email })}</span>}
            </span>
          </p>
        )}
      </div>
      <div className="mt-4">
        {step.name === 'email' && (
          <>
            <EmailStep
              defaultEmail={email}
              focusOnMount={step.returning}
              onCodeRequested={(address) => {
                setEmail(address);
                setStep({ name: 'code' });
              }}
            />
            <PasskeySignInButton />
          </>
        )}
        {step.name === 'code' && (
          <CodeStep
            email={email}
            onRequestNewCode={() => setStep({ name: 'email', returning: true })}
            onSecondFactorRequired={() => setStep({ name: 'second-factor' })}
          />
        )}
        {step.name === 'second-factor' && <SecondFactorStep />}
      </div>
    </section>
  );
}
