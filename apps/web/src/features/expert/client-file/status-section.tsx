import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPERT_NOTE_MAX_LENGTH, toIsoDate, type ClientFileResponse } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useToday } from '../../../lib/clock';
import { formatSwissDay } from '../../../lib/swiss-locale';
import { useRecordFiled, useSetReturnStatus } from '../api/return-status';
import type { ReturnRef } from '../api/take-return';
import { statusLabel } from '../return-labels';
import { Outcome, type OutcomeState } from '../outcome';
import { FileSection, textareaClass } from './parts';
import { placeError } from './show-error';
import { useKeptText } from '../../../lib/kept-text';

type StatusFacts = Pick<ClientFileResponse, 'status' | 'preparedReturn' | 'filedOn'>;

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * What the expert may do at the year's status (D18): 4 → 5 once a prepared return exists, 5 → 4
 * with a note, and at 6 the filing date. The server checks every move; a 409 means the status moved
 * meanwhile, and the file is read again to show where it is now.
 */
export function StatusSection({ returnRef, file }: { returnRef: ReturnRef; file: StatusFacts }) {
  const { t } = useTranslation('expert');
  const setStatus = useSetReturnStatus(returnRef);
  const [note, setNote] = useKeptText(`expert-status-note:${returnRef.userId}:${returnRef.taxYear}`);
  const [noteError, setNoteError] = useState<string>();
  const [outcome, setOutcome] = useState<OutcomeState>();
  const explanationId = useId();

  const move = (status: 4 | 5, withNote?: string) => {
    setOutcome(undefined);
    setStatus.mutate(
      { status, ...(withNote === undefined ? {} : { note: withNote }) },
      {
        onSuccess: (answer) => {
          setNote('');
          setOutcome({ kind: 'success', text: t('file.status.moved', { status: statusLabel(t, answer.status) }) });
        },
        onError: (error) => {
          if (isConflict(error)) return setOutcome({ kind: 'error', text: t('file.status.conflict') });
          const placed = placeError(t, error, ['note'], t('file.status.failed'));
          if (placed.field) setNoteError(placed.text);
          else setOutcome({ kind: 'error', text: placed.text });
        },
      },
    );
  };

  const sendBack = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return setNoteError(t('file.status.noteRequired'));
    setNoteError(undefined);
    move(4, note);
  };

  return (
    <FileSection id="status" title={t('file.sections.status')}>
      <p className="text-sm text-slate-900">
        {t('file.status.current')} <strong>{statusLabel(t, file.status)}</strong>
      </p>
      {file.status < 4 && <p className="text-sm text-slate-700">{t('file.status.notTransmitted')}</p>}
      {file.status === 4 && (
        <div className="space-y-2">
          <Button disabled={!file.preparedReturn || setStatus.isPending} aria-describedby={file.preparedReturn ? undefined : explanationId} onClick={() => move(5)}>
            {t('file.status.sendForReview')}
          </Button>
          {!file.preparedReturn && (
            <p id={explanationId} className="text-sm text-slate-700">
              {t('file.status.needsPreparedReturn')}
            </p>
          )}
        </div>
      )}
      {file.status === 5 && (
        <form className="space-y-3" onSubmit={sendBack} noValidate>
          <p className="text-sm text-slate-700">{t('file.status.awaitingReview')}</p>
          <Field label={t('file.status.note')} hint={t('file.status.noteHint')} error={noteError}>
            <textarea
              className={textareaClass}
              rows={3}
              maxLength={EXPERT_NOTE_MAX_LENGTH}
              required
              value={note}
              readOnly={setStatus.isPending}
              onChange={(event) => setNote(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="secondary" disabled={setStatus.isPending}>
            {t('file.status.backToPreparation')}
          </Button>
        </form>
      )}
      {file.status === 6 && <FiledForm returnRef={returnRef} filedOn={file.filedOn} />}
      <Outcome outcome={outcome} takeFocus />
    </FileSection>
  );
}

/** At status 6: the day the return was filed with the canton, as recorded, and the form that records it. */
function FiledForm({ returnRef, filedOn }: { returnRef: ReturnRef; filedOn: string | null }) {
  const { t, i18n } = useTranslation('expert');
  const today = toIsoDate(useToday());
  const record = useRecordFiled(returnRef);
  const [day, setDay] = useState(filedOn ?? '');
  const [fieldError, setFieldError] = useState<string>();
  const [outcome, setOutcome] = useState<OutcomeState>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    if (!day) return setFieldError(t('file.filed.required'));
    setFieldError(undefined);
    record.mutate(day, {
      onSuccess: (answer) => setOutcome({ kind: 'success', text: t('file.filed.recorded', { date: formatSwissDay(answer.filedOn, i18n.language) }) }),
      onError: (error) => {
        if (isConflict(error)) return setOutcome({ kind: 'error', text: t('file.filed.conflict') });
        const placed = placeError(t, error, ['filedOn'], t('file.filed.failed'));
        if (placed.field) setFieldError(placed.text);
        else setOutcome({ kind: 'error', text: placed.text });
      },
    });
  };

  return (
    <form className="space-y-3" onSubmit={submit} noValidate>
      <p className="text-sm text-slate-900">
        {filedOn ? t('file.filed.shown', { date: formatSwissDay(filedOn, i18n.language) }) : t('file.filed.notYet')}
      </p>
      <div className="max-w-xs">
        <Field label={t('file.filed.label')} error={fieldError}>
          <Input type="date" max={today} value={day} onChange={(event) => setDay(event.target.value)} />
        </Field>
      </div>
      <Button type="submit" disabled={record.isPending}>
        {t('file.filed.record')}
      </Button>
      <Outcome outcome={outcome} />
    </form>
  );
}
