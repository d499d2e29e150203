import { Loader2 } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cantonName, findCanton } from '@taxli/domain';
import { cn } from '../../components/ui/cn';
import { FetchProblem } from '../../components/ui/fetch-problem';
import { toast } from '../../components/ui/toast-store';
import { swissLocale } from '../../lib/swiss-locale';
import { useCantons } from './api/get-cantons';
import { CantonDetails, type ShownCanton } from './canton-details';
import { CoatOfArms } from './coat-of-arms';

/**
 * /cantons (part 2 §2): the 26 cantons from /cantons/cantons.json with their coats of arms, named
 * in the interface language (the domain's names by code), sorted by that name; choosing one shows
 * its details. The choice is kept in the address (?canton=ZH), so Back and a shared link keep it.
 */
export function CantonsPage() {
  const { t, i18n } = useTranslation('cantons');
  const cantons = useCantons();
  const [params, setParams] = useSearchParams();
  const details = useRef<HTMLElement>(null);

  const failed = cantons.isError;
  useEffect(() => {
    if (failed) toast({ title: t('loadFailed'), variant: 'destructive' });
  }, [failed, t]);

  const shown = useMemo<ShownCanton[]>(() => {
    const collator = new Intl.Collator(swissLocale(i18n.language), { sensitivity: 'base' });
    return (cantons.data ?? [])
      .map((entry) => {
        const canton = findCanton(entry.code);
        return { code: entry.code, name: canton ? cantonName(canton, i18n.language) : entry.name, imagePath: entry.imagePath ?? '', canton };
      })
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [cantons.data, i18n.language]);

  const selectedCode = params.get('canton');
  const selected = shown.find((entry) => entry.code === selectedCode);

  const choose = (code: string) => {
    setParams({ canton: code }, { replace: true });
    // Below lg the details sit above the grid: bring them into view (no-op where already visible).
    details.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  };

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="text-slate-700">{t('intro')}</p>
      </div>

      {cantons.isPending && (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Loader2 aria-hidden className="size-5 animate-spin text-brand-600" />
          {t('loading')}
        </p>
      )}
      {failed && <FetchProblem message={t('loadFailed')} onRetry={() => void cantons.refetch()} />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <ul aria-label={t('listLabel')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5">
          {shown.map((entry) => {
            const isSelected = entry.code === selected?.code;
            return (
              <li
                key={entry.code}
                className={cn(
                  // The button's ::after covers the whole card, so the shield is clickable too, while
                  // the shield keeps its own alternative text outside the button's name.
                  'relative flex min-w-0 flex-col items-center gap-2 rounded-lg border bg-white p-3 text-center shadow-sm hover:border-brand-600 hover:bg-brand-50',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 has-[:focus-visible]:outline-solid',
                  isSelected ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200',
                )}
              >
                <CoatOfArms name={entry.name} imagePath={entry.imagePath} className="h-16 w-14 text-lg" />
                <button
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => choose(entry.code)}
                  className="flex w-full flex-col items-center gap-1 after:absolute after:inset-0 after:rounded-lg after:content-[''] focus-visible:outline-none"
                >
                  <span className="w-full text-sm font-medium [overflow-wrap:anywhere] text-slate-900 hyphens-auto">{entry.name}</span>{' '}
                  <span className="font-mono text-xs text-slate-700">{entry.code}</span>
                </button>
              </li>
            );
          })}
        </ul>
        <div className="order-first lg:sticky lg:top-4 lg:order-none">
          <CantonDetails ref={details} shown={selected} />
        </div>
      </div>
    </div>
  );
}
