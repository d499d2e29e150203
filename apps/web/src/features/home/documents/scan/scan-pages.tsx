import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';

export interface ScanPage {
  id: number;
  blob: Blob;
  /** An object URL of `blob` for the preview; the dialog revokes it when the page goes. */
  url: string;
}

interface ScanPagesProps {
  pages: ScanPage[];
  headingRef: Ref<HTMLHeadingElement>;
  busy: boolean;
  onRetake: (index: number) => void;
  onRemove: (index: number) => void;
}

/** The captured pages, each large enough to check it is readable, with its own Retake and Remove. */
export function ScanPages({ pages, headingRef, busy, onRetake, onRemove }: ScanPagesProps) {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="scan-pages-heading">
      <h3 id="scan-pages-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
        {t('camera.pages', { count: pages.length })}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('camera.checkPages')}</p>
      <ol className="mt-3 grid gap-3 sm:grid-cols-2">
        {pages.map((page, index) => {
          const label = t('camera.pageOf', { number: index + 1, count: pages.length });
          return (
            <li key={page.id} className="rounded-md border border-slate-200 p-2">
              <img src={page.url} alt={label} className="max-h-64 w-full rounded bg-slate-100 object-contain" />
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-medium text-slate-900" aria-hidden>
                  {label}
                </span>
                <div className="flex gap-1">
                  <Button variant="secondary" disabled={busy} aria-label={t('camera.retakePage', { number: index + 1 })} onClick={() => onRetake(index)}>
                    {t('camera.retake')}
                  </Button>
                  <Button variant="ghost" disabled={busy} aria-label={t('camera.removePage', { number: index + 1 })} onClick={() => onRemove(index)}>
                    {t('camera.remove')}
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
