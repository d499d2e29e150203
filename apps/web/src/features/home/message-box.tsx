import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useImperativeHandle, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { routes } from '@taxli/domain';
import { callApi } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useHashTarget } from '../../lib/use-hash-target';

/**
 * 'Send Message': a note to the experts; the text stays if sending fails (part 1 §4, §8).
 * `fieldRef` lets the next-step box bring the person to the text field.
 */
export function MessageBox({ fieldRef }: { fieldRef?: Ref<HTMLTextAreaElement> }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [message, setMessage] = useState('');
  const [sentNotice, setSentNotice] = useState(false);
  // '/#send-message': how the profile's plan section sends people here to ask for a plan.
  const field = useHashTarget<HTMLTextAreaElement>('send-message');
  useImperativeHandle(fieldRef, () => field.current!, [field]);
  const send = useMutation({
    mutationFn: (text: string) => callApi(routes.sendMessage, { body: { message: text } }),
    onSuccess: () => {
      setMessage('');
      setSentNotice(true);
      toast({ title: t('message.sentTitle'), description: t('message.sentDescription'), variant: 'success' });
    },
    onError: (error) =>
      toast({ title: t('message.failed'), description: errorText(t, error, t('message.tryAgain')), variant: 'destructive' }),
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
        maxLength={5000}
        onChange={(event) => setMessage(event.target.value)}
        rows={3}
        className="w-full rounded-md border border-slate-400 p-2 text-slate-900"
      />
      <div className="flex items-center gap-3">
        <Button
          disabled={!message.trim() || send.isPending}
          onClick={() => (message.trim() ? send.mutate(message) : toast({ title: t('message.empty'), description: t('message.emptyDescription') }))}
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
