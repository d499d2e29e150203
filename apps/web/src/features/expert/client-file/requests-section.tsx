import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_CATEGORIES, EXPERT_NOTE_MAX_LENGTH, type DocumentRequestSummary } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useDocumentCategories } from '../../../lib/documents';
import { formatSwissDay } from '../../../lib/swiss-locale';
import { useRequestDocument } from '../api/request-document';
import type { ReturnRef } from '../api/take-return';
import { selectClass } from '../queue/queue-filters';
import { Outcome, type OutcomeState } from '../outcome';
import { FileSection, textareaClass } from './parts';
import { placeError } from './show-error';
import { useKeptText } from '../../../lib/kept-text';

/** Document requests: what was asked (open or fulfilled by a later file), and a form to ask for another. */
export function RequestsSection({ returnRef, requests }: { returnRef: ReturnRef; requests: DocumentRequestSummary[] }) {
  const { t, i18n } = useTranslation('expert');
  const categories = useDocumentCategories(returnRef.taxYear, 'all');
  const send = useRequestDocument(returnRef);
  const [categoryId, setCategoryId] = useState('');
  const [note, setNote] = useKeptText(`expert-request-note:${returnRef.userId}:${returnRef.taxYear}`);
  const [fieldErrors, setFieldErrors] = useState<{ categoryId?: string; note?: string }>({});
  const [outcome, setOutcome] = useState<OutcomeState>();
  // Without the server's list the domain's own (D3) still lets the expert ask.
  const categoryList = categories.data ?? DOCUMENT_CATEGORIES;
  const categoryName = (id: number) => t(`categories:names.${id}`, { defaultValue: categoryList.find((c) => c.id === id)?.name ?? String(id) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    if (!categoryId) return setFieldErrors({ categoryId: t('file.requests.chooseCategory') });
    setFieldErrors({});
    send.mutate(
      { categoryId: Number(categoryId), note },
      {
        onSuccess: (request) => {
          setOutcome({ kind: 'success', text: t('file.requests.sent', { category: categoryName(request.categoryId) }) });
          setCategoryId('');
          setNote('');
        },
        onError: (error) => {
          const placed = placeError(t, error, ['categoryId', 'note'], t('file.requests.failed'));
          if (placed.field) setFieldErrors({ [placed.field]: placed.text });
          else setOutcome({ kind: 'error', text: placed.text });
        },
      },
    );
  };

  const sorted = [...requests].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <FileSection id="requests" title={t('file.sections.requests')}>
      {sorted.length === 0 ? (
        <p className="text-sm text-slate-700">{t('file.requests.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {sorted.map((request) => (
            <li key={request.id} className="space-y-1 p-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{categoryName(request.categoryId)}</span>
                <span
                  className={
                    request.fulfilledAt ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900' : 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900'
                  }
                >
                  {request.fulfilledAt
                    ? t('file.requests.fulfilled', { date: formatSwissDay(request.fulfilledAt, i18n.language) })
                    : t('file.requests.open')}
                </span>
              </p>
              <p className="text-slate-700">{t('file.requests.askedOn', { date: formatSwissDay(request.createdAt, i18n.language) })}</p>
              {request.note && <p className="break-words whitespace-pre-wrap text-slate-900">{request.note}</p>}
            </li>
          ))}
        </ul>
      )}

      <form className="space-y-3" onSubmit={submit} aria-labelledby="request-form-heading" noValidate>
        <h3 id="request-form-heading" className="text-lg font-semibold text-slate-900">
          {t('file.requests.formHeading')}
        </h3>
        <Field label={t('file.requests.category')} error={fieldErrors.categoryId}>
          <select className={selectClass} value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
            <option value="">{t('file.requests.choose')}</option>
            {categoryList.map((category) => (
              <option key={category.id} value={category.id}>
                {categoryName(category.id)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('file.requests.note')} hint={t('file.requests.noteHint')} error={fieldErrors.note}>
          <textarea className={textareaClass} rows={3} maxLength={EXPERT_NOTE_MAX_LENGTH} value={note} readOnly={send.isPending} onChange={(event) => setNote(event.target.value)} />
        </Field>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('file.sending') : t('file.requests.send')}
        </Button>
        <Outcome outcome={outcome} />
      </form>
    </FileSection>
  );
}
