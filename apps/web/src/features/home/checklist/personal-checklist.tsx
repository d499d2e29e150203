import { CheckCircle2, Circle, MinusCircle, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findCategory, type ChecklistItemResponse } from '@taxli/domain';
import { FetchProblem } from '../../../components/ui/fetch-problem';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/error-text';
import { useChecklist } from '../../../lib/queries/checklist';
import { useUndoNotApplicable } from '../api/not-applicable';
import { NotApplicableDialog } from './not-applicable-dialog';

const markButtonId = (categoryId: number) => `checklist-mark-${categoryId}`;
const undoButtonId = (categoryId: number) => `checklist-undo-${categoryId}`;

const actionClass =
  'inline-flex min-h-8 shrink-0 items-center gap-1 rounded-md px-2 py-1 text-brand-700 underline-offset-2 hover:bg-slate-100 hover:underline disabled:opacity-60';

/**
 * The person's document checklist (D19): what the year's tax profile calls for, each item with the
 * reason it is there, ticked when it has a file or is marked not applicable, with the percentage.
 * Each item starts an upload in its own category, or is marked "not applicable" with a reason (and
 * the mark undone).
 */
export function PersonalChecklist({ taxYear, onUpload }: { taxYear: number; onUpload: (categoryId: number) => void }) {
  const { t } = useTranslation(['dashboard', 'categories']);
  const checklist = useChecklist(taxYear);
  const undo = useUndoNotApplicable();
  const [marking, setMarking] = useState<{ categoryId: number; name: string } | null>(null);
  // After a mark or its undo the button pressed is gone: focus goes to the one that replaced it.
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const nameOf = (id: number) => t(`categories:names.${id}`, { defaultValue: findCategory(id)?.name });

  function undoMark(item: ChecklistItemResponse) {
    undo.mutate(
      { taxYear, categoryId: item.categoryId },
      {
        onSuccess: () => setFocusTarget(markButtonId(item.categoryId)),
        onError: (error) => toast({ title: t('checklist.notApplicable.undoFailed'), description: errorText(t, error, t('checklist.notApplicable.undoFailed')), variant: 'destructive' }),
      },
    );
  }

  const data = checklist.data?.taxYear === taxYear ? checklist.data : undefined;
  useEffect(() => {
    if (!focusTarget) return;
    const target = document.getElementById(focusTarget);
    if (!target) return;
    target.focus();
    setFocusTarget(null);
  }, [focusTarget, data]);
  return (
    <section aria-labelledby="checklist-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="checklist-heading" className="text-xl font-semibold text-slate-900">
          {t('checklist.heading')}
        </h2>
        {data && <span className="text-sm font-semibold text-slate-800">{t('checklist.percent', { percent: data.percent })}</span>}
      </div>
      {data && <p className="text-sm text-slate-700">{data.personalised ? t('checklist.personalised') : t('checklist.general')}</p>}
      {checklist.isError && !data && <FetchProblem message={t('checklist.loadFailed')} onRetry={() => void checklist.refetch()} />}
      {data && (
        <ul className="divide-y divide-slate-100">
          {data.items.map((item) => {
            const name = nameOf(item.categoryId);
            const state = item.hasFile ? 'uploaded' : item.notApplicable ? 'markedNotApplicable' : 'missing';
            return (
              <li key={item.categoryId} className="flex flex-wrap items-start gap-x-2 gap-y-1 py-2 text-sm text-slate-900">
                {state === 'uploaded' ? (
                  <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
                ) : state === 'markedNotApplicable' ? (
                  <MinusCircle aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-600" />
                ) : (
                  <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
                )}
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-medium">
                    {name}
                    <span className="sr-only"> – {t(`checklist.${state}`)}</span>
                  </p>
                  <p className="text-slate-600">{t(`checklist.reasons.${item.reason.key}`, item.reason.params)}</p>
                  {item.notApplicable && (
                    <p className="text-slate-700 [overflow-wrap:anywhere]">{t('checklist.notApplicable.marked', { reason: item.notApplicable.reason })}</p>
                  )}
                </div>
                <div className="flex shrink-0 flex-wrap gap-1">
                  {item.notApplicable ? (
                    <button type="button" id={undoButtonId(item.categoryId)} className={actionClass} disabled={undo.isPending} aria-label={t('checklist.notApplicable.undoFor', { name })} onClick={() => undoMark(item)}>
                      {t('checklist.notApplicable.undo')}
                    </button>
                  ) : (
                    <>
                      <button type="button" aria-label={t('checklist.uploadTo', { name })} onClick={() => onUpload(item.categoryId)} className={actionClass}>
                        <Upload aria-hidden className="size-4" />
                        {t('checklist.upload')}
                      </button>
                      {!item.hasFile && (
                        <button
                          type="button"
                          id={markButtonId(item.categoryId)}
                          aria-label={t('checklist.notApplicable.openFor', { name })}
                          onClick={() => setMarking({ categoryId: item.categoryId, name })}
                          className={actionClass}
                        >
                          {t('checklist.notApplicable.open')}
                        </button>
                      )}
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {marking && (
        <NotApplicableDialog
          taxYear={taxYear}
          categoryId={marking.categoryId}
          name={marking.name}
          onClose={() => setMarking(null)}
          onMarked={() => setFocusTarget(undoButtonId(marking.categoryId))}
        />
      )}
    </section>
  );
}
