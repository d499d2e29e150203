import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isActiveLanguage, looksLikeEmail } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useRequestCode } from '../api/request-code';
import { useFocusSound } from '../hooks/use-focus-sound';
import { useLoginErrorText } from '../lib/use-login-error-text';

// Messages are translation keys, so they follow a language switch. One field needs no form
// library: plain state keeps the login page's first JavaScript within its 150 KB budget.
function emailProblem(value: string): string | undefined {
  if (!value.trim()) return 'email.required';
  return looksLikeEmail(value) ? undefined : 'email.invalid';
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
  const [email, setEmail] = useState(defaultEmail);
  const [problem, setProblem] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnMount || document.activeElement === document.body) inputRef.current?.focus();
  }, [focusOnMount]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    const address = email.trim();
    const language = isActiveLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
    request.mutate(
      { email: address, language },
      {
        onSuccess: () => {
          toast({ title: t('toast.codeInitiated'), description: t('toast.codeInitiatedDescription'), variant: 'success' });
          onCodeRequested(address);
        },
        // Part 1 §8 asks for this toast on a failed send, so it is the one message (not repeated at
        // the field); what was typed stays, and focus goes back to the field for another try.
        onError: (error) => {
          toast({ title: t('toast.verificationFailed'), description: errorText(error, 'sendCode'), variant: 'destructive' });
          inputRef.current?.focus();
        },
      },
    );
  };

  // Only what is checked before sending shows at the field: a refused send has its toast.
  const error = problem ? t(problem) : undefined;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field label={t('email.label')} error={error}>
        <Input
          ref={inputRef}
          name="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            // After a refused submit the message follows the typing, as it is corrected.
            if (problem) setProblem(emailProblem(event.target.value));
          }}
          type="email"
          autoComplete="email"
          required
          placeholder={t('email.placeholder')}
          onFocus={playFocusSound}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={!email.trim() || request.isPending}>
        {request.isPending ? t('email.sending') : t('email.send')}
      </Button>
    </form>
  );
}
