import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TAX_STATUSES, type DebugDbStatusResponse, type TaxStatusId } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { SwitchField } from '../../../components/ui/switch-field';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { swissLocale } from '../../../lib/swiss-locale';
import { useCheckDatabase, useDebugTaxStatus, useFixColumn, useOverrideStatus, useSetTaxProfileStatus } from './debug-api';

/** Part 1 §4: the status selector locks for 1 s after a change. */
export const STATUS_LOCK_MS = 1_000;

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

function DatabaseFacts({ status }: { status: DebugDbStatusResponse }) {
  const { t, i18n } = useTranslation('debug');
  const rows: [string, string][] = [
    [t('database.column'), status.hasTaxProfileColumn ? t('database.present') : t('database.missing')],
    [
      t('database.migrations'),
      status.migrations.upToDate
        ? t('database.upToDate', { count: status.migrations.applied.length })
        : t('database.pending', { count: status.migrations.pending.length, names: status.migrations.pending.join(', ') }),
    ],
    [t('database.users'), String(status.userCount)],
    [t('database.completion'), t('database.completionValue', { count: status.taxCompletedCount, rate: status.completionRate })],
    [t('database.newest'), status.newestUser ? `${status.newestUser.email} (#${status.newestUser.id})` : '—'],
    [t('database.checked'), new Date(status.lastChecked).toLocaleString(swissLocale(i18n.language))],
  ];
  return (
    <dl className="space-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-slate-700">{label}</dt>
          <dd className="min-w-0 break-all font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The dashboard's debug panel (part 1 §2): the database's state and migrations (Check DB, Fix
 * Column), the year's tax-profile flag (Toggle Status) and a status override that locks for 1 s
 * after each change. A 403 from the server shows 'Debug Access Restricted'.
 */
export function DebugPanel({ taxYear }: { taxYear: number }) {
  const { t } = useTranslation(['debug', 'errors']);
  const selectId = useId();
  const taxStatus = useDebugTaxStatus(taxYear);
  const check = useCheckDatabase();
  const fix = useFixColumn();
  const setProfile = useSetTaxProfileStatus();
  const override = useOverrideStatus();
  const [locked, setLocked] = useState(false);

  useEffect(() => {
    if (!locked) return;
    const timer = setTimeout(() => setLocked(false), STATUS_LOCK_MS);
    return () => clearTimeout(timer);
  }, [locked]);

  if ([taxStatus.error, check.error, fix.error, setProfile.error, override.error].some(isForbidden)) {
    return (
      <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
        {t('restricted')}
      </p>
    );
  }

  const failed = (title: string) => (error: unknown) => toast({ title, description: errorText(t, error, title), variant: 'destructive' });
  const current = taxStatus.data;
  const facts = fix.data ? undefined : check.data;

  return (
    <div className="space-y-6">
      <section className="space-y-3">
        <h3 className="font-semibold text-slate-900">{t('database.heading')}</h3>
        {facts ? <DatabaseFacts status={facts} /> : <p className="text-sm text-slate-700">{t('database.notChecked')}</p>}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={check.isPending} onClick={() => check.mutate(undefined, { onError: failed(t('toasts.checkFailed')) })}>
            {t('database.check')}
          </Button>
          <Button
            variant="secondary"
            disabled={fix.isPending}
            onClick={() =>
              fix.mutate(undefined, {
                onSuccess: (answer) => {
                  toast(
                    answer.applied.length > 0
                      ? { title: t('database.fixed'), description: t('database.fixedBody', { names: answer.applied.join(', ') }), variant: 'success' }
                      : { title: t('database.nothingToFix'), description: t('database.nothingToFixBody') },
                  );
                  check.mutate(undefined, { onError: failed(t('toasts.checkFailed')) });
                  fix.reset();
                },
                onError: failed(t('toasts.fixFailed')),
              })
            }
          >
            {t('database.fix')}
          </Button>
        </div>
      </section>

      <section className="space-y-3">
        <h3 className="font-semibold text-slate-900">{t('taxProfile.heading', { year: taxYear })}</h3>
        <SwitchField
          label={t('taxProfile.complete')}
          checked={current?.isTaxProfileComplete ?? false}
          disabled={!current || setProfile.isPending}
          onChange={(status) => setProfile.mutate({ status, taxYear }, { onError: failed(t('toasts.updateFailed')) })}
        />
        <Button
          variant="secondary"
          disabled={!current || setProfile.isPending}
          onClick={() =>
            current &&
            setProfile.mutate(
              { status: !current.isTaxProfileComplete, taxYear },
              { onSuccess: () => toast({ title: t('taxProfile.changed'), variant: 'success' }), onError: failed(t('toasts.updateFailed')) },
            )
          }
        >
          {t('taxProfile.toggle')}
        </Button>
      </section>

      <section className="space-y-2">
        <h3 className="font-semibold text-slate-900">{t('status.heading', { year: taxYear })}</h3>
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
          {t('status.label')}
        </label>
        <select
          id={selectId}
          className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900"
          value={current?.current_status_id ?? ''}
          disabled={!current || locked || override.isPending}
          aria-describedby={locked ? `${selectId}-locked` : undefined}
          onChange={(event) => {
            setLocked(true);
            override.mutate(
              { taxStatus: Number(event.target.value) as TaxStatusId, taxYear },
              {
                onSuccess: () => toast({ title: t('toasts.statusUpdated'), variant: 'success' }),
                onError: () => toast({ title: t('toasts.updateFailed'), description: t('toasts.updateFailedBody'), variant: 'destructive' }),
              },
            );
          }}
        >
          {TAX_STATUSES.map((status) => (
            // Part 1 §2: the status names with their underscores shown as spaces.
            <option key={status.id} value={status.id}>
              {status.id} · {status.name.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        {locked && (
          <p id={`${selectId}-locked`} className="text-sm text-slate-700">
            {t('status.locked')}
          </p>
        )}
      </section>
    </div>
  );
}
