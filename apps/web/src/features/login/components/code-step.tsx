import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH, type VerifyCodeResponse } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useVerifyCode } from '../api/verify-code';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useLoginErrorText } from '../lib/use-login-error-text';

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** Keeps digits only, at most six: pasting "123 456" or "Code: 123456" still works. */
export function onlyCodeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

interface CodeStepProps {
  email: string;
  onRequestNewCode: () => void;
  /** An expert or admin: the code is not enough, a passkey must confirm the sign-in (issue 30). */
  onSecondFactorRequired: (user: VerifyCodeResponse['user']) => void;
}

/** Step two: the 6-digit code from the e-mail; "Request new code" goes back to step one. */
export function CodeStep({ email, onRequestNewCode, onSecondFactorRequired }: CodeStepProps) {
  const { t } = useTranslation(['login', 'errors']);
  const errorText = useLoginErrorText();
  const completeSignIn = useCompleteSignIn();
  const verify = useVerifyCode();
  const rememberHintId = useId();
  // Plain state, no form library: the login page's first JavaScript stays within its budget.
  const [code, setCode] = useState('');
  // Unticked until the person chooses it: its own hint says not to tick it on a shared computer.
  const [rememberDevice, setRememberDevice] = useState(false);
  const [problem, setProblem] = useState<string>();
  /** The server's refusal of the code sent, shown at the field until the code is changed. */
  const [refusal, setRefusal] = useState<string>();
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => codeRef.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = CODE_PATTERN.test(code) ? undefined : 'code.length';
    setProblem(found);
    if (found) {
      codeRef.current?.focus();
      return;
    }
    verify.mutate(
      { email, code, rememberDevice },
      {
        onSuccess: (answer) => (answer.user.secondFactorRequired ? onSecondFactorRequired(answer.user) : completeSignIn(answer.user)),
        // Part 1 §8 asks for this toast on a failed verification; the refusal is also said at the
        // code field, with the tries left, and stays there until the code changes (issue 28). The
        // code stays, and focus goes back to it.
        onError: (error) => {
          const description = errorText(error, 'verifyCode');
          toast({ title: t('toast.verificationFailed'), description, variant: 'destructive' });
          setRefusal(withTriesLeft(description, error));
          codeRef.current?.focus();
        },
      },
    );
  };

  /** A wrong code says how many tries are left before the lock-out (the server counts them). */
  const withTriesLeft = (text: string, error: unknown): string => {
    if (!(error instanceof ApiError) || error.code !== 'INVALID_CODE') return text;
    const left = error.extras.attemptsLeft;
    if (left === undefined) return text;
    return `${text} ${left > 0 ? t('code.attemptsLeft', { count: left }) : t('code.noAttemptsLeft')}`;
  };

  const error = problem ? t(problem) : refusal;
  const busy = verify.isPending || verify.isSuccess;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field label={t('code.label')} hint={t('code.hint')} error={error}>
        <Input
          ref={codeRef}
          name="code"
          value={code}
          onChange={(event) => {
            const digits = onlyCodeDigits(event.target.value);
            setCode(digits);
            if (digits !== code) setRefusal(undefined);
            if (problem) setProblem(CODE_PATTERN.test(digits) ? undefined : 'code.length');
          }}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          className="font-mono text-lg tracking-[0.4em]"
        />
      </Field>
      <div className="flex items-start gap-3">
        <input
          id={`${rememberHintId}-remember`}
          type="checkbox"
          aria-describedby={rememberHintId}
          className="mt-1 size-4 accent-brand-600"
          name="rememberDevice"
          checked={rememberDevice}
          onChange={(event) => setRememberDevice(event.target.checked)}
        />
        <div className="text-sm">
          <label htmlFor={`${rememberHintId}-remember`} className="font-medium text-slate-800">
            {t('code.rememberDevice')}
          </label>
          <p id={rememberHintId} className="text-slate-600">
            {t('code.rememberDeviceHint')}
          </p>
        </div>
      </div>
      <Button type="submit" className="w-full" disabled={!code || busy}>
        {verify.isPending ? t('code.verifying') : t('code.verify')}
      </Button>
      <Button variant="secondary" className="w-full" onClick={onRequestNewCode} disabled={busy}>
        {t('code.requestNew')}
      </Button>
    </form>
  );
}
