import { Download } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PREPARED_RETURN_MAX_BYTES, routes, urlFor, type PreparedReturnSummary } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { errorText } from '../../../lib/error-text';
import { formatFileSize } from '../../../lib/file-size';
import { formatSwissMoment } from '../../../lib/swiss-locale';
import type { ReturnRef } from '../api/take-return';
import { useUploadPreparedReturn } from '../api/upload-prepared-return';
import { Outcome, type OutcomeState } from '../outcome';
import { FileSection } from './parts';

/** The prepared return (D18): the PDF the person reviews at status 5; a new upload is a new version. */
export function PreparedReturnSection({ returnRef, preparedReturn }: { returnRef: ReturnRef; preparedReturn: PreparedReturnSummary | null }) {
  const { t, i18n } = useTranslation('expert');
  const [progress, setProgress] = useState(0);
  const upload = useUploadPreparedReturn(returnRef, setProgress);
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File>();
  const [fieldError, setFieldError] = useState<string>();
  const [outcome, setOutcome] = useState<OutcomeState>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    if (!chosen) return setFieldError(t('file.prepared.choose'));
    if (chosen.size > PREPARED_RETURN_MAX_BYTES) return setFieldError(t('file.prepared.tooLarge'));
    setFieldError(undefined);
    setProgress(0);
    upload.mutate(chosen, {
      onSuccess: (stored) => {
        setOutcome({ kind: 'success', text: t('file.prepared.uploaded', { version: stored.version }) });
        setChosen(undefined);
        if (input.current) input.current.value = '';
      },
      // The file stays chosen, so that trying again is one press.
      onError: (error) => setOutcome({ kind: 'error', text: errorText(t, error, t('file.prepared.failed')) }),
    });
  };

  return (
    <FileSection id="prepared-return" title={t('file.sections.prepared')}>
      {preparedReturn ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3 text-sm">
          <p className="text-slate-900">
            {t('file.prepared.current', {
              version: preparedReturn.version,
              size: formatFileSize(preparedReturn.size, i18n.language),
              date: formatSwissMoment(preparedReturn.uploadedAt, i18n.language),
            })}
          </p>
          <a
            href={urlFor(routes.expertPreparedReturn, { params: { userId: returnRef.userId, taxYear: returnRef.taxYear } })}
            download
            className="inline-flex items-center gap-2 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            <Download aria-hidden className="size-4" />
            {t('file.prepared.download')}
          </a>
        </div>
      ) : (
        <p className="text-sm text-slate-700">{t('file.prepared.none')}</p>
      )}
      <form className="space-y-3" onSubmit={submit} noValidate>
        <Field label={preparedReturn ? t('file.prepared.replaceLabel') : t('file.prepared.label')} hint={t('file.prepared.hint')} error={fieldError}>
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            className="block w-full text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
            onChange={(event) => setChosen(event.target.files?.[0])}
          />
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={upload.isPending}>
            {t('file.prepared.upload')}
          </Button>
          {upload.isPending && (
            <progress className="h-2 w-40" max={100} value={progress} aria-label={t('file.prepared.progress')}>
              {progress}%
            </progress>
          )}
        </div>
        <Outcome outcome={outcome} />
      </form>
    </FileSection>
  );
}
