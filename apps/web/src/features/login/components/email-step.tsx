import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isActiveLanguage, looksLikeEmail } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useRequestCode } from '../api/request-code';
import { useFocusSound } from '../hooks/use-focus-sound';
import { useLoginErrorText } from '../lib/use-login-error-text';

interface EmailForm {
  email: string;
}

// Messages are translation keys, so they follow a language switch. react-hook-form's own rules
// instead of a zod resolver keep zod out of the login page's first JavaScript (150 KB budget).
function validateEmail(value: string): true | string {
  if (!value.trim()) return 'email.required';
  return looksLikeEmail(value) || 'email.invalid';
}

interface EmailStepProps {
  defaultEmail: string;
  /** Move focus to the field when the step appears (not on first arrival unless nothing has focus). */
  focusOnMount: boolean;
  onCodeRequested: (email: string) => void;
}

/** Step one: the e-mail address; "Send code" asks the server to mail a sign-in code. */
export function EmailStep({ defaultEmail, focusOnMount, onCodeRequested }: EmailStepProps) {
  const { t, i18n } = useTranslation(['login', 'errors']);
  const errorText = useLoginErrorText();
  const playFocusSound = useFocusSound();
  const request = useRequestCode();
  const form = useForm<EmailForm>({ defaultValues: { email: defaultEmail } });
  const email = useWatch({ control: form.control, name: 'email' });
  const { setFocus } = form;

  useEffect(() => {
    if (focusOnMount || document.activeElement === document.body) setFocus('email');
  }, [focusOnMount, setFocus]);

  const onSubmit = form.handleSubmit(({ email: typed }) => {
    const address = typed.trim();
    const language = isActiveLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
    request.mutate(
      { email: address, language },
      {
        onSuccess: () => {
          toast({ title: t('toast.codeInitiated'), description: t('toast.codeInitiatedDescription'), variant: 'success' });
          onCodeRequested(address);
        },
        onError: (error) => {
          toast({ title: t('toast.verificationFailed'), description: errorText(error, 'sendCode'), variant: 'destructive' });
        },
      },
    );
  });

  const validationError = form.formState.errors.email?.message;
  const error = validationError ? t(validationError) : request.isError ? errorText(request.error, 'sendCode') : undefined;
  const field = form.register('email', { validate: validateEmail, onChange: () => request.isError && request.reset() });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <Field label={t('email.label')} error={error}>
        <Input
          {...field}
          type="email"
          autoComplete="email"
          required
          placeholder={t('email.placeholder')}
          onFocus={playFocusSound}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={!email?.trim() || request.isPending}>
        {request.isPending ? t('email.sending') : t('email.send')}
      </Button>
    </form>
  );
}
