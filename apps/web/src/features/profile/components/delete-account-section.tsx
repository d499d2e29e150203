import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProfileSection } from './profile-section';
import { CODE_LENGTH, type AccountErasureResponse } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { forgetKeptTexts, useKeptText } from '../../../lib/kept-text';
import { storageKeys } from '../../../lib/storage-keys';
import { leaveAppFor } from '../../../lib/leave-app';
import { useDeleteAccount, useErasurePreview, useRequestDeletionCode } from '../api/delete-account';
import { rememberErasure } from '../../../lib/account-deleted-notice';

/**
 * The profile's "Delete my account" (issue 30, nDSG Art. 32): what goes and what stays (transmitted
 * years, why, until when) before anything is asked; a code mailed to the account's address; the
 * code and an explicit "I understand"; then the login page with what was said.
 */
export function DeleteAccountSection({ email }: { email: string }) {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const preview = useErasurePreview();
  const requestCode = useRequestDeletionCode();
  const erase = useDeleteAccount();
  const [code, setCode] = useKeptText('account-delete-code');
  const [understood, setUnderstood] = useState(false);
  const [problem, setProblem] = useState('');
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language === 'gsw' ? 'de-CH' : i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

  const describe = (error: unknown, fallback: string) => {
    const text = errorText(t, error, fallback);
    const left = error instanceof ApiError ? error.extras.attemptsLeft : undefined;
    return left !== undefined && left > 0 ? `${text} ${t('accountDeletion.attemptsLeft', { count: left })}` : text;
  };

  const onRequest = () => {
    setProblem('');
    requestCode.mutate(undefined, { onError: (error) => setProblem(describe(error, t('accountDeletion.codeFailed'))) });
  };

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    erase.mutate(code.trim(), {
      onSuccess: (answer: AccountErasureResponse) => {
        setCode('');
        rememberErasure(answer);
        // Like a logout: no silent restore on the login page; what was typed for the account goes.
        window.localStorage.setItem(storageKeys.loggedOut, '1');
        forgetKeptTexts();
        leaveAppFor('/login');
      },
      onError: (error) => setProblem(describe(error, t('accountDeletion.failed'))),
    });
  };

  const retained = preview.data?.retained ?? [];
  const codeComplete = new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code.trim());
  return (
    <ProfileSection icon={Trash2} title={t('accountDeletion.heading')} danger>
      <p className="text-sm text-slate-700">{t('accountDeletion.intro')}</p>
      {preview.data &&
        (retained.length === 0 ? (
          <p className="text-sm text-slate-700">{t('accountDeletion.nothingStays')}</p>
        ) : (
          <div className="space-y-2 text-sm text-slate-700">
            <p>{t('accountDeletion.staysIntro', { years: preview.data.retentionYears })}</p>
            <ul className="list-disc space-y-1 pl-5">
              {retained.map((year) => (
                <li key={year.taxYear}>{t('accountDeletion.staysYear', { year: year.taxYear, date: date(year.retainedUntil) })}</li>
              ))}
            </ul>
          </div>
        ))}
      <p className="text-sm text-slate-600">{t('accountDeletion.auditNote')}</p>
      <Button variant="secondary" onClick={onRequest} disabled={requestCode.isPending}>
        {t('accountDeletion.requestCode')}
      </Button>
      {requestCode.isSuccess && (
        <p role="status" className="text-sm text-slate-700">
          {t('accountDeletion.codeSent', { email })}
        </p>
      )}
      {(requestCode.isSuccess || code !== '') && (
        <form onSubmit={onConfirm} className="space-y-3">
          <Field label={t('accountDeletion.codeLabel')}>
            <Input value={code} inputMode="numeric" autoComplete="one-time-code" maxLength={CODE_LENGTH} onChange={(e) => setCode(e.target.value)} />
          </Field>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-1 size-4" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
            <span>{t('accountDeletion.understand')}</span>
          </label>
          <Button type="submit" variant="danger" disabled={!understood || !codeComplete || erase.isPending}>
            {t('accountDeletion.confirm')}
          </Button>
        </form>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </ProfileSection>
  );
}
