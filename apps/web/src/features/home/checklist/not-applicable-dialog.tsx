import { useState } from 'react';
import { useKeptText } from '../../../lib/kept-text';
import { useTranslation } from 'react-i18next';
import { NOT_APPLICABLE_REASON_MAX } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { fieldErrorText } from '../../../lib/field-error-text';
import { useMarkNotApplicable } from '../api/not-applicable';

interface NotApplicableDialogProps {
  taxYear: number;
  categoryId: number;
  /** The category's name in the interface language. */
  name: string;
  onClose: () => void;
  /** After the mark is stored (the dialog then closes). */
  onMarked: () => void;
}

/**
 * "Not applicable" for one checklist item (D19): the person says briefly why. A refusal is said at
 * the field (or above the buttons when it is not the field's) and the text stays as typed.
 */
export function NotApplicableDialog({ taxYear, categoryId, name, onClose, onMarked }: NotApplicableDialogProps) {
  const { t } = useTranslation(['dashboard', 'errors', 'common']);
  // Kept for the tab until it is saved (lib/kept-text.ts): leaving, reloading or cancelling loses nothing typed.
  const [reason, setReason] = useKeptText(`not-applicable:${taxYear}:${categoryId}`);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const mark = useMarkNotApplicable();

  /** The same rule the server applies (notApplicableBody): required once trimmed, at most the maximum. */
  function localProblem(text: string): string | undefined {
    if (text.trim() === '') return t('errors:fields.REQUIRED');
    if (text.trim().length > NOT_APPLICABLE_REASON_MAX) return t('errors:fields.TOO_LONG', { max: NOT_APPLICABLE_REASON_MAX });
    return undefined;
  }

  function submit() {
    const problem = localProblem(reason);
    setFieldError(problem);
    setFormError(undefined);
    if (problem) return;
    mark.mutate(
      { taxYear, categoryId, reason: reason.trim() },
      {
        onSuccess: () => {
          setReason('');
          onClose();
          onMarked();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'reason') setFieldError(fieldErrorText(t, error));
          else setFormError(errorText(t, error, t('checklist.notApplicable.failed')));
        },
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !mark.isPending && onClose()}
      title={t('checklist.notApplicable.title', { name })}
      description={t('checklist.notApplicable.description')}
      closeLabel={t('common:actions.close')}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label={t('checklist.notApplicable.reason')} error={fieldError} hint={t('checklist.notApplicable.hint', { max: NOT_APPLICABLE_REASON_MAX })}>
          <textarea
            value={reason}
            rows={3}
            readOnly={mark.isPending}
            onChange={(event) => {
              setReason(event.target.value);
              // The error stays until what it said is fixed.
              if (fieldError) setFieldError(localProblem(event.target.value));
            }}
            className="w-full rounded-md border border-slate-400 p-2 text-slate-900 aria-[invalid=true]:border-red-700"
          />
        </Field>
        {formError && (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={mark.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={mark.isPending}>
            {mark.isPending ? t('checklist.notApplicable.saving') : t('checklist.notApplicable.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
