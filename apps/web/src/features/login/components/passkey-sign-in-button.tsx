import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { isCeremonyCancelled, passkeysSupported, signInWithPasskey } from '../../../lib/passkeys';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useLoginErrorText } from '../lib/use-login-error-text';

/** "Sign in with a passkey": a discoverable passkey instead of e-mail and code (issue 30). */
export function PasskeySignInButton() {
  const { t } = useTranslation('login');
  const errorText = useLoginErrorText();
  const completeSignIn = useCompleteSignIn();
  const signIn = useMutation({ mutationFn: signInWithPasskey });
  if (!passkeysSupported()) return null;

  const onClick = () =>
    signIn.mutate(undefined, {
      onSuccess: (answer) => completeSignIn(answer.user),
      onError: (error) => {
        if (isCeremonyCancelled(error)) return;
        toast({ title: t('passkey.failed'), description: errorText(error, 'verifyCode'), variant: 'destructive' });
      },
    });

  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <Button variant="secondary" className="w-full" onClick={onClick} disabled={signIn.isPending || signIn.isSuccess}>
        <KeyRound aria-hidden className="size-4" />
        {t('passkey.signIn')}
      </Button>
    </div>
  );
}
