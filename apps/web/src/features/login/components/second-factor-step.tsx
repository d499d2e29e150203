import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { routes } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { callApi } from '../../../lib/api-client';
import { addPasskey, isCeremonyCancelled, signInWithPasskey } from '../../../lib/passkeys';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useLoginErrorText } from '../lib/use-login-error-text';

/**
 * For experts and admins after the e-mail code (issue 30): confirm with a passkey; someone who has
 * none yet adds one first (the server allows a first one in this session), then confirms with it.
 */
export function SecondFactorStep() {
  const { t } = useTranslation('login');
  const errorText = useLoginErrorText();
  const completeSignIn = useCompleteSignIn();
  const [problem, setProblem] = useState<string>();
  const list = useQuery({ queryKey: ['passkeys', 'second-factor'], queryFn: () => callApi(routes.passkeyList) });
  const hasPasskey = (list.data?.passkeys.length ?? 0) > 0;

  const confirm = useMutation({
    mutationFn: async () => {
      if (!hasPasskey) await addPasskey(t('passkey.defaultName'));
      return signInWithPasskey();
    },
    onSuccess: (answer) => completeSignIn(answer.user),
    onError: (error) => setProblem(isCeremonyCancelled(error) ? t('passkey.cancelled') : errorText(error, 'verifyCode')),
  });

  return (
    <div className="space-y-4">
      <h3 className="text-lg font-semibold">{t('passkey.secondFactorHeading')}</h3>
      <p className="text-sm text-slate-700">{hasPasskey ? t('passkey.secondFactorIntro') : t('passkey.registerFirstIntro')}</p>
      {problem && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      )}
      <Button className="w-full" disabled={list.isPending || confirm.isPending || confirm.isSuccess} onClick={() => confirm.mutate()}>
        <KeyRound aria-hidden className="size-4" />
        {hasPasskey ? t('passkey.confirm') : t('passkey.registerAndConfirm')}
      </Button>
    </div>
  );
}
