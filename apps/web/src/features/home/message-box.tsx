import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { MESSAGE_MAX_LENGTH, routes } from '@taxli/domain';
import { callApi } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useHashTarget } from '../../lib/use-hash-target';
import { appendSentMessage, refreshReturnWork } from './return/api/thread';
import { useKeptText } from '../../lib/kept-text';

/**
 * 'Send Message': a note to the experts about the year on screen; the text stays if sending fails
 * (part 1 §4, §8). A sent message joins the year's thread above at once (issue 27).
 */
export function MessageBox({ taxYear }: { taxYear: number }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const queryClient = useQueryClient();
  // One box for every year: the text goes to the year shown when it is sent.
  const [message, setMessage] = useKeptText('message');
  const [sentNotice, setSentNotice] = useState(false);
  // '/#send-message': how the profile's plan section sends people here to ask for a plan.
  const field = useHashTarget<HTMLTextAreaElement>('send-message');
  // The year travels with the message: switching year while it is on its way files it, and
  // refreshes, the year it was written for.
  const send = useMutation({
    mutationFn: ({ text, year }: { text: string; year: number }) => callApi(routes.sendMessage, { body: { message: text, taxYear: year } }),
    onSuccess: (answer, { text, year }) => {
      setMessage('');
      setSentNotice(true);
      appendSentMessage(queryClient, year, text.trim(), answer);
      toast({ title: t('message.sentTitle'), description: t('message.sentDescription'), variant: 'success' });
    },
    onError: (error) =>
      toast({ title: t('message.failed'), description: errorText(t, error, t('message.tryAgain')), variant: 'destructive' }),
    onSettled: (_answer, _error, { year }) => void refreshReturnWork(queryClient, year),
  });
  useEffect(() => {
    if (!sentNotice) return;
    const timer = setTimeout(() => setSentNotice(false), 5000);
    return () => clearTimeout(timer);
  }, [sentNotice]);

  return (
    <section id="send-message" aria-labelledby={`${id}-heading`} className="scroll-mt-4 space-y-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {t('message.heading')}
      </h2>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t('message.label')}
      </label>
      <textarea
        ref={field}
        id={id}
        value={message}
        // While it is on its way the text stays as sent: success empties the box, and words added
        // meanwhile would be lost with it.
        readOnly={send.isPending}
        aria-busy={send.isPending}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(event) => setMessage(event.target.value)}
        rows={3}
        className="w-full rounded-md border border-slate-400 p-2 text-slate-900"
      />
      <div className="flex items-center gap-3">
        <Button
          disabled={!message.trim() || send.isPending}
          onClick={() =>
            message.trim() ? send.mutate({ text: message, year: taxYear }) : toast({ title: t('message.empty'), description: t('message.emptyDescription') })
          }
        >
          {send.isPending ? t('message.sending') : t('message.send')}
        </Button>
        <p role="status" className="text-sm text-green-800">
          {sentNotice ? t('message.sentInline') : ''}
        </p>
      </div>
    </section>
  );
}
