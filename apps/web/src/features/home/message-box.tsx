import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '@taxli/domain';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from './server-message';
import { useSendMessage } from './api/send-message';

/** Part 1 §9: the inline 'Message sent successfully!' stays 5 s. */
export const SENT_NOTICE_MS = 5000;

/**
 * 'Send Message' (part 1 §4, §5, §8): idle, sending, sent. A blank message is not sent; the text is
 * cleared once it is saved and kept when sending fails, so nothing typed is lost.
 */
export function MessageBox() {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [message, setMessage] = useState('');
  const [sentNotice, setSentNotice] = useState(false);
  const send = useSendMessage();
  const blank = message.trim() === '';

  useEffect(() => {
    if (!sentNotice) return;
    const timer = window.setTimeout(() => setSentNotice(false), SENT_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [sentNotice]);

  const submit = () => {
    if (send.isPending) return;
    if (blank) {
      toast({ title: t('message.empty'), description: t('message.emptyDescription'), variant: 'destructive' });
      return;
    }
    setSentNotice(false);
    send.mutate(message, {
      onSuccess: () => {
        setMessage('');
        setSentNotice(true);
        toast({ title: t('message.sentTitle'), description: t('message.sentDescription'), variant: 'success' });
      },
      onError: (error) =>
        toast({
          title: t('message.failed'),
          description: serverMessage(error) ?? t('message.tryAgain'),
          variant: 'destructive',
        }),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {t('message.heading')}
      </h2>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t('message.label')}
      </label>
      <textarea
        id={id}
        value={message}
        maxLength={MESSAGE_MAX_LENGTH}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setMessage(event.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        className="w-full rounded-md border border-slate-400 p-2 text-slate-900"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-700">
        {t('message.hint')}
      </p>
      <div className="flex items-center gap-3">
        <Button disabled={blank || send.isPending} onClick={submit}>
          {send.isPending ? t('message.sending') : t('message.send')}
        </Button>
        <p role="status" className="text-sm text-green-800">
          {sentNotice ? t('message.sentInline') : ''}
        </p>
      </div>
    </section>
  );
}
