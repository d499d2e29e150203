import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useVerifyCode } from '../api/verify-code';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useLoginErrorText } from '../lib/use-login-error-text';

interface CodeForm {
  code: string;
  rememberDevice: boolean;
}

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** Keeps digits only, at most six: pasting "123 456" or "Code: 123456" still works. */
export function onlyCodeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

interface CodeStepProps {
  email: string;
  onRequestNewCode: () => void;
}

/** Step two: the 6-digit code from the e-mail; "Request new code" goes back to step one. */
export function CodeStep({ email, onRequestNewCode }: CodeStepProps) {
  const { t } = useTranslation(['login', 'errors']);
  const errorText = useLoginErrorText();
  const completeSignIn = useCompleteSignIn();
  const verify = useVerifyCode();
  const rememberHintId = useId();
  const form = useForm<CodeForm>({
    defaultValues: { code: '', rememberDevice: true },
  });
  const code = useWatch({ control: form.control, name: 'code' });
  const { setFocus } = form;

  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = form.handleSubmit((values) => {
    verify.mutate(
      { email, ...values },
      {
        onSuccess: (answer) => completeSignIn(answer.user),
        onError: (error) => {
          toast({ title: t('toast.verificationFailed'), description: errorText(error, 'verifyCode'), variant: 'destructive' });
          setFocus('code');
        },
      },
    );
  });

  const validationError = form.formState.errors.code?.message;
  const error = validationError ? t(validationError) : verify.isError ? errorText(verify.error, 'verifyCode') : undefined;
  const codeField = form.register('code', { pattern: { value: CODE_PATTERN, message: 'code.length' } });
  const busy = verify.isPending || verify.isSuccess;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <Field label={t('code.label')} hint={t('code.hint')} error={error}>
        <Input
          {...codeField}
          onChange={(event) => {
            event.target.value = onlyCodeDigits(event.target.value);
            if (verify.isError) verify.reset();
            void codeField.onChange(event);
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
          {...form.register('rememberDevice')}
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
