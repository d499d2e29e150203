import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENT_VERSION } from '../lib/changelog';

// Loaded on the first click: the dialog machinery is not part of the login page's first JavaScript.
const ChangelogDialog = lazy(async () => ({ default: (await import('./changelog-dialog')).ChangelogDialog }));

/** "v0.33": opens the change log. */
export function VersionButton() {
  const { t } = useTranslation('login');
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // The shared Dialog has no Radix trigger to return focus to, so the opener takes it back itself.
    if (!next) setTimeout(() => buttonRef.current?.focus(), 0);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('changelog.open', { version: CURRENT_VERSION })}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="rounded px-2 py-1 font-mono text-sm text-blue-100 underline-offset-4 hover:text-white hover:underline focus-visible:ring-2 focus-visible:ring-white"
      >
        v{CURRENT_VERSION}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ChangelogDialog open onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </>
  );
}
