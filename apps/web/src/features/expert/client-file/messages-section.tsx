import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { FetchProblem } from '../../../components/ui/fetch-problem';
import { Field } from '../../../components/ui/field';
import { errorText } from '../../../lib/error-text';
import { formatSwissMoment } from '../../../lib/swiss-locale';
import { useSendExpertMessage, useThread } from '../api/thread';
import type { ReturnRef } from '../api/take-return';
import { Outcome, type OutcomeState } from '../outcome';
import { FileSection, textareaClass } from './parts';
import { placeError } from './show-error';
import { useKeptText } from '../../../lib/kept-text';

/** The year's thread with the person, oldest first, and the expert's answer (the person gets a notice and an e-mail). */
export function MessagesSection({ returnRef }: { returnRef: ReturnRef }) {
  const { t, i18n } = useTranslation('expert');
  const thread = useThread(returnRef);
  const send = useSendExpertMessage(returnRef);
  const [message, setMessage] = useKeptText(`expert-message:${returnRef.userId}:${returnRef.taxYear}`);
  const [fieldError, setFieldError] = useState<string>();
  const [outcome, setOutcome] = useState<OutcomeState>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(undefined);
    if (!message.trim()) return setFieldError(t('file.messages.empty'));
    setFieldError(undefined);
    send.mutate(message, {
      onSuccess: () => {
        setMessage('');
        setOutcome({ kind: 'success', text: t('file.messages.sent') });
      },
      onError: (error) => {
        const placed = placeError(t, error, ['message'], t('file.messages.failed'));
        if (placed.field) setFieldError(placed.text);
        else setOutcome({ kind: 'error', text: placed.text });
      },
    });
  };

  const messages = [...(thread.data?.messages ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return (
    <FileSection id="messages" title={t('file.sections.messages')}>
      {thread.isError ? (
        <FetchProblem message={errorText(t, thread.error, t('file.messages.loadFailed'))} onRetry={() => void thread.refetch()} />
      ) : !thread.data ? (
        <p role="status" className="text-sm text-slate-700">
          {t('loading')}
        </p>
      ) : messages.length === 0 ? (
        <p className="text-sm text-slate-700">{t('file.messages.none')}</p>
      ) : (
        <ol className="space-y-3" aria-label={t('file.messages.thread')}>
          {messages.map((entry) => (
            <li
              key={entry.id}
              className={entry.from === 'expert' ? 'ml-4 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm sm:ml-12' : 'mr-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm sm:mr-12'}
            >
              <p className="font-medium text-slate-900">
                {entry.from === 'expert' ? t('file.messages.fromExpert', { name: entry.authorFirstName }) : t('file.messages.fromPerson', { name: entry.authorFirstName })}
                <span className="font-normal text-slate-700"> · {formatSwissMoment(entry.createdAt, i18n.language)}</span>
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap text-slate-900">{entry.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="space-y-3" onSubmit={submit} noValidate>
        <Field label={t('file.messages.answer')} error={fieldError}>
          <textarea
            className={textareaClass}
            rows={4}
            maxLength={MESSAGE_MAX_LENGTH}
            value={message}
            // While it is on its way the text stays as sent: success empties the box.
            readOnly={send.isPending}
            onChange={(event) => setMessage(event.target.value)}
          />
        </Field>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('file.sending') : t('file.messages.send')}
        </Button>
        <Outcome outcome={outcome} />
      </form>
    </FileSection>
  );
}
