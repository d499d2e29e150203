import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProfileSection } from './profile-section';
import { PASSKEY_NAME_MAX_LENGTH, type PasskeySummary } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/error-text';
import { useKeptText } from '../../../lib/kept-text';
import { isCeremonyCancelled, passkeysSupported } from '../../../lib/passkeys';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';

/** The profile's "Passkeys" (issue 30): add one with a name, see when each was last used, rename, remove. */
export function PasskeysSection() {
  const { t } = useTranslation(['profile', 'errors']);
  const list = usePasskeys();
  const add = useAddPasskey();
  // A name being typed survives leaving the page and reloading, as every text a person types.
  const [name, setName] = useKeptText('passkey-name');

  const failure = (error: unknown) => (isCeremonyCancelled(error) ? t('passkeys.cancelled') : errorText(t, error, t('passkeys.failed')));

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim() || t('passkeys.heading'), {
      onSuccess: () => {
        setName('');
        toast({ title: t('passkeys.added') });
      },
      onError: (error) => toast({ title: t('passkeys.failed'), description: failure(error), variant: 'destructive' }),
    });
  };

  return (
    <ProfileSection icon={KeyRound} title={t('passkeys.heading')}>
      <p className="text-sm text-slate-700">{t('passkeys.intro')}</p>
      {list.data && list.data.passkeys.length === 0 && <p className="text-sm text-slate-600">{t('passkeys.empty')}</p>}
      <ul className="divide-y divide-slate-200">
        {list.data?.passkeys.map((passkey) => <PasskeyRow key={passkey.id} passkey={passkey} describeError={failure} />)}
      </ul>
      {passkeysSupported() ? (
        <form onSubmit={onAdd} className="space-y-3">
          <Field label={t('passkeys.nameLabel')}>
            <Input value={name} maxLength={PASSKEY_NAME_MAX_LENGTH} placeholder={t('passkeys.namePlaceholder')} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Button type="submit" disabled={add.isPending}>
            {t('passkeys.add')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-slate-600">{t('passkeys.unsupported')}</p>
      )}
    </ProfileSection>
  );
}

function PasskeyRow({ passkey, describeError }: { passkey: PasskeySummary; describeError: (error: unknown) => string }) {
  const { t, i18n } = useTranslation('profile');
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  // The new name being typed is kept for the tab (reload, leaving the page); a kept one reopens the form.
  const [name, setName] = useKeptText(`passkey-rename:${passkey.id}`);
  const [editing, setEditing] = useState(name !== '');
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const stopEditing = () => (setEditing(false), setName(''));
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language === 'gsw' ? 'de-CH' : i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const onError = (error: unknown) => toast({ title: t('passkeys.failed'), description: describeError(error), variant: 'destructive' });

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ id: passkey.id, name: name.trim() }, { onSuccess: () => (stopEditing(), toast({ title: t('passkeys.renamed') })), onError });
  };
  const onRemove = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => (setConfirmingRemoval(false), toast({ title: t('passkeys.removed') })),
      onError: (error) => (setConfirmingRemoval(false), onError(error)),
    });

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      {editing ? (
        <form onSubmit={onRename} className="flex flex-1 flex-wrap items-end gap-2">
          <Field label={t('passkeys.rename')}>
            <Input value={name} maxLength={PASSKEY_NAME_MAX_LENGTH} onChange={(e) => setName(e.target.value)} autoFocus />
          </Field>
          <Button type="submit" disabled={rename.isPending || !name.trim()}>
            {t('passkeys.save')}
          </Button>
          <Button variant="ghost" onClick={stopEditing}>
            {t('passkeys.cancel')}
          </Button>
        </form>
      ) : (
        <>
          <div>
            <p className="font-medium text-slate-900">{passkey.name}</p>
            <p className="text-sm text-slate-600">
              {t('passkeys.created', { date: date(passkey.createdAt) })} ·{' '}
              {passkey.lastUsedAt ? t('passkeys.lastUsed', { date: date(passkey.lastUsedAt) }) : t('passkeys.neverUsed')}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => (setName(passkey.name), setEditing(true))}>
              {t('passkeys.rename')}
            </Button>
            <Button variant="danger" onClick={() => setConfirmingRemoval(true)} disabled={remove.isPending}>
              {t('passkeys.remove')}
            </Button>
          </div>
          {/* The app's own dialog, not the browser's: translated, styled, and reachable by keyboard like the rest. */}
          <Dialog
            open={confirmingRemoval}
            onOpenChange={(next) => !remove.isPending && setConfirmingRemoval(next)}
            title={t('passkeys.removeConfirm', { name: passkey.name })}
            footer={
              <>
                <Button variant="secondary" onClick={() => setConfirmingRemoval(false)} disabled={remove.isPending}>
                  {t('passkeys.cancel')}
                </Button>
                <Button variant="danger" onClick={onRemove} disabled={remove.isPending}>
                  {t('passkeys.remove')}
                </Button>
              </>
            }
          />
        </>
      )}
    </li>
  );
}
