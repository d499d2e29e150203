import { useEffect, useRef } from 'react';

/**
 * A one-line answer of the server's work: polite while it is news, and red when it is a refusal.
 * With `takeFocus`, a new answer also takes the keyboard focus: for actions whose button goes away
 * with their success (a status move), so that the focus does not fall back to the page's top.
 */
export function Outcome({ outcome, takeFocus = false }: { outcome: { kind: 'success' | 'error'; text: string } | undefined; takeFocus?: boolean }) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (takeFocus && outcome) message.current?.focus();
  }, [outcome, takeFocus]);
  return (
    <div aria-live="polite">
      {outcome && (
        <p
          ref={message}
          tabIndex={-1}
          className={
            outcome.kind === 'error'
              ? 'rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900'
              : 'rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900'
          }
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}

export type OutcomeState = Parameters<typeof Outcome>[0]['outcome'];
