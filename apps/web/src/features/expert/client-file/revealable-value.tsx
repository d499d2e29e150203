import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RevealableField } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { useReveal } from '../api/reveal';
import type { ReturnRef } from '../api/take-return';

interface RevealableValueProps {
  returnRef: ReturnRef;
  field: RevealableField;
  /** What the client file shows: '756.****.****.97'. */
  masked: string;
  /** The value's name, for the button and the announcement ("AHV number"). */
  label: string;
}

/**
 * A masked AHV number or tax ID (D12) with "Reveal": the server gives the full value one at a time
 * and audits each reveal; it is held only while shown, and "Hide" masks it again (a new reveal asks
 * the server again). The button stays where it is, so a keyboard user keeps their place, and the
 * value is announced to screen readers.
 */
export function RevealableValue({ returnRef, field, masked, label }: RevealableValueProps) {
  const { t } = useTranslation('expert');
  const reveal = useReveal(returnRef);
  const [revealed, setRevealed] = useState<string>();
  const toggle = () => {
    if (revealed !== undefined) {
      setRevealed(undefined);
      reveal.reset();
      return;
    }
    reveal.mutate(field, { onSuccess: (answer) => setRevealed(answer.value) });
  };
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-mono break-all">{revealed ?? masked}</span>
      <Button variant="secondary" className="min-h-9 px-3 py-1" disabled={reveal.isPending} aria-label={t(revealed === undefined ? 'reveal.labelFor' : 'reveal.hideFor', { label })} onClick={toggle}>
        {revealed === undefined ? t('reveal.button') : t('reveal.hide')}
      </Button>
      <span role="status" className="sr-only">
        {revealed === undefined ? '' : t('reveal.announce', { label, value: revealed })}
      </span>
      {reveal.isError && (
        <span role="alert" className="w-full text-sm text-red-800">
          {errorText(t, reveal.error, t('reveal.failed'))}
        </span>
      )}
    </span>
  );
}
