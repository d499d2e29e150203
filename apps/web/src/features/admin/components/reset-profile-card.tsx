import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/error-text';
import { useResetProfile } from '../api/reset-profile';
import { AdminCard } from './admin-card';

/** Part 2 §5: a user id is a whole number above zero. */
export function parseUserId(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  const id = Number(trimmed);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** Part 2 §2 Reset User Profile: back to first-time sign-in; documents and audit trail are kept. */
export function ResetProfileCard() {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const reset = useResetProfile();
  return (
    <AdminCard title={t('reset.heading')} description={t('reset.description')}>
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const userId = parseUserId(text);
          if (userId === undefined) {
            toast({ title: t('reset.invalidTitle'), description: t('reset.invalidBody'), variant: 'destructive' });
            return;
          }
          reset.mutate(userId, {
            onSuccess: () => toast({ title: t('reset.successTitle'), description: t('reset.successBody', { id: userId }), variant: 'success' }),
            onError: (error) =>
              toast({
                title: t('reset.failedTitle'),
                // What the server said (part 2 §8), in the interface's language (D8).
                description: errorText(t, error, t('reset.failedBody')),
                variant: 'destructive',
              }),
          });
        }}
      >
        <div className="w-full sm:w-48">
          <Field label={t('reset.userId')}>
            <Input inputMode="numeric" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} />
          </Field>
        </div>
        <Button type="submit" variant="danger" disabled={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </form>
    </AdminCard>
  );
}
