import { CircleHelp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '@taxli/domain';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/error-text';
import { useAcceptInboxItem } from './api/accept-inbox-item';
import { useDismissInboxItem } from './api/dismiss-inbox-item';
import { ExtractionFigures } from './extraction-figures';
import { failureReason, readSummary } from './read-summary';

interface InboxEntryProps {
  item: InboxItem;
  taxYear: number;
  /** The item was accepted or dismissed: what happened, for the panel to say. */
  onDecided: (notice: string) => void;
}

/**
 * One read document: what it is and where its figures came from, the figures, the questions they
 * raise against the tax profile, and the suggested move with Accept and Keep where it is. A failed
 * read says why; the file itself stays where it is.
 */
export function InboxEntry({ item, taxYear, onDecided }: InboxEntryProps) {
  const { t, i18n } = useTranslation(['dashboard', 'categories', 'errors']);
  const accept = useAcceptInboxItem(taxYear);
  const dismiss = useDismissInboxItem(taxYear);
  const [problem, setProblem] = useState<string>();
  const headingId = useId();
  const { extraction, fileName } = item;
  const readable = extraction.status === 'done';
  const categoryName = (id: number) => t(`categories:names.${id}`, { defaultValue: String(id) });
  const suggestion = readable && extraction.suggestedCategoryId !== null && extraction.suggestedCategoryId !== item.categoryId ? extraction.suggestedCategoryId : null;
  const busy = accept.isPending || dismiss.isPending;

  const failedWith = (error: unknown) => setProblem(errorText(t, error, t('inbox.decisionFailed')));
  const onAccept = () => {
    setProblem(undefined);
    accept.mutate(
      { fileId: item.fileId },
      {
        onSuccess: (answer) =>
          onDecided(answer.categoryId !== item.categoryId ? t('inbox.moved', { name: fileName, category: categoryName(answer.categoryId) }) : t('inbox.confirmed', { name: fileName })),
        onError: failedWith,
      },
    );
  };
  const onDismiss = () => {
    setProblem(undefined);
    dismiss.mutate(item.fileId, { onSuccess: () => onDecided(t('inbox.kept', { name: fileName })), onError: failedWith });
  };

  return (
    <li>
      <article aria-labelledby={headingId} className="space-y-3 rounded-md border border-slate-200 p-4">
        <div className="space-y-1">
          <h3 id={headingId} className="font-semibold break-all text-slate-900">
            {fileName}
          </h3>
          {readable && <p className="text-sm text-slate-700">{readSummary(t, extraction, i18n.language)}</p>}
        </div>
        {extraction.status === 'failed' && <p className="text-sm text-slate-800">{t('inbox.failed', { reason: failureReason(t, extraction) })}</p>}
        {extraction.status === 'none' && <p className="text-sm text-slate-800">{t('inbox.nothingRead')}</p>}
        {extraction.status === 'pending' && <p className="text-sm text-slate-800">{t('inbox.pending')}</p>}
        {readable && <ExtractionFigures extraction={extraction} label={t('inbox.figuresOf', { name: fileName })} />}
        {item.questions.length > 0 && (
          <ul aria-label={t('inbox.questionsOf', { name: fileName })} className="space-y-2">
            {item.questions.map((code) => (
              <li key={code} className="flex items-start gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-950">
                <CircleHelp aria-hidden className="mt-0.5 size-4 shrink-0" />
                {t(`inbox.questions.${code}`, { defaultValue: t('inbox.questions.unknown') })}
              </li>
            ))}
          </ul>
        )}
        {suggestion !== null && <p className="font-medium text-slate-900">{t('inbox.move', { category: categoryName(suggestion) })}</p>}
        <div className="flex flex-wrap gap-2">
          {readable && (
            <Button aria-describedby={headingId} disabled={busy} onClick={onAccept}>
              {suggestion !== null ? t('inbox.accept') : t('inbox.confirm')}
            </Button>
          )}
          <Button variant="secondary" aria-describedby={headingId} disabled={busy} onClick={onDismiss}>
            {suggestion !== null ? t('inbox.keep') : t('inbox.dismiss')}
          </Button>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
      </article>
    </li>
  );
}
