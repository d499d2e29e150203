import { Check } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/error-text';
import { ApiError } from '../../../lib/api-client';
import { useApproveReturn, useRequestChanges } from './api/review-actions';
import { useKeptText } from '../../../lib/kept-text';

interface ReviewActionsProps {
  taxYear: number;
  /** What to tell a screen reader (and show) once an action went through. */
  onDone: (announcement: string) => void;
}

/**
 * Status 5 (D18): the person approves the prepared return (5 → 6, after a confirmation) or asks for
 * changes with a message (5 → 4). A refused request keeps the text, and says why.
 */
export function ReviewActions({ taxYear, onDone }: ReviewActionsProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [changes, setChanges] = useKeptText(`changes:${taxYear}`);
  const approve = useApproveReturn();
  const requestChanges = useRequestChanges();
  const busy = approve.isPending || requestChanges.isPending;

  /** A 409 means the year is no longer at status 5 (the expert took it back, or another tab approved): say so, not the transmit's text. */
  function refusalText(error: unknown): string {
    if (error instanceof ApiError && error.status === 409) return t('return.review.statusChanged');
    return errorText(t, error, t('message.tryAgain'));
  }

  function approveNow() {
    approve.mutate(taxYear, {
      onSuccess: () => {
        setConfirming(false);
        onDone(t('return.review.approved'));
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: t('return.review.approveFailed'), description: refusalText(error), variant: 'destructive' });
      },
    });
  }

  function sendChanges() {
    const message = changes.trim();
    if (!message) return;
    requestChanges.mutate(
      { taxYear, message },
      {
        onSuccess: () => {
          setChanges('');
          onDone(t('return.changes.sent'));
        },
        onError: (error) => toast({ title: t('return.changes.failed'), description: refusalText(error), variant: 'destructive' }),
      },
    );
  }

  return (
    <div className="space-y-4">
      <div>
        <Button onClick={() => setConfirming(true)} disabled={busy}>
          <Check aria-hidden className="size-4" />
          {t('return.review.approve')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(next) => !approve.isPending && setConfirming(next)}
        title={t('return.review.confirmTitle', { year: taxYear })}
        description={t('return.review.confirmDescription')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={approve.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={approveNow} disabled={approve.isPending}>
              {approve.isPending ? t('return.review.approving') : t('return.review.confirm')}
            </Button>
          </>
        }
      />

      <form
        className="space-y-2"
        aria-labelledby={`${id}-changes-heading`}
        onSubmit={(event) => {
          event.preventDefault();
          sendChanges();
        }}
      >
        <h3 id={`${id}-changes-heading`} className="font-semibold text-slate-900">
          {t('return.changes.heading')}
        </h3>
        <label htmlFor={`${id}-changes`} className="block text-sm text-slate-800">
          {t('return.changes.label')}
        </label>
        <textarea
          id={`${id}-changes`}
          value={changes}
          // While it is on its way the text stays as sent (the box empties on success).
          readOnly={requestChanges.isPending}
          aria-busy={requestChanges.isPending}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={3}
          onChange={(event) => setChanges(event.target.value)}
          className="w-full rounded-md border border-slate-400 p-2 text-slate-900"
        />
        <Button type="submit" variant="secondary" disabled={!changes.trim() || busy}>
          {requestChanges.isPending ? t('message.sending') : t('return.changes.send')}
        </Button>
      </form>
    </div>
  );
}
