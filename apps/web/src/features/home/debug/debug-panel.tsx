import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardTaxYears, taxStatusId } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { SwitchField } from '../../../components/ui/switch-field';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useToday } from '../../../lib/clock';
import { errorText } from '../../../lib/error-text';
import { DatabaseFacts } from './database-facts';
import { useCheckDatabase, useDebugTaxStatus, useFixColumn, useOverrideStatus, useSetTaxProfileStatus } from './debug-api';
import { StatusOverride, type OverrideScope } from './status-override';

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * The dashboard's debug panel (part 1 §2): the database against the code and its migrations (Check
 * DB, Fix Column), the year's tax-profile flag (Toggle Status) and a status override for any year or
 * all years that locks for 1 s after each change. A 403 from the server shows 'Debug Access Restricted'.
 */
export function DebugPanel({ taxYear }: { taxYear: number }) {
  const { t } = useTranslation(['debug', 'errors']);
  const today = useToday();
  const [scope, setScope] = useState<OverrideScope>(taxYear);
  const taxStatus = useDebugTaxStatus(taxYear);
  const scopeStatus = useDebugTaxStatus(scope === 'all' ? taxYear : scope);
  const check = useCheckDatabase();
  const fix = useFixColumn();
  const setProfile = useSetTaxProfileStatus();
  const override = useOverrideStatus();

  if ([taxStatus.error, scopeStatus.error, check.error, fix.error, setProfile.error, override.error].some(isForbidden)) {
    return (
      <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
        {t('restricted')}
      </p>
    );
  }

  const failed = (title: string) => (error: unknown) => toast({ title, description: errorText(t, error, title), variant: 'destructive' });
  const checkDatabase = () => check.mutate(undefined, { onError: failed(t('toasts.checkFailed')) });
  const current = taxStatus.data;
  const facts = fix.data ? undefined : check.data;

  return (
    <div className="space-y-6">
      <section className="space-y-3">
        <h3 className="font-semibold text-slate-900">{t('database.heading')}</h3>
        {facts ? <DatabaseFacts status={facts} /> : <p className="text-sm text-slate-700">{t('database.notChecked')}</p>}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={check.isPending} onClick={checkDatabase}>
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
                  checkDatabase();
                  fix.reset();
                },
                onError: (error) => {
                  failed(t('toasts.fixFailed'))(error);
                  // The refusal names no columns in the interface language: the check shows them.
                  if (error instanceof ApiError && error.code === 'SCHEMA_DIFFERS') checkDatabase();
                },
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

      <StatusOverride
        years={dashboardTaxYears(today)}
        scope={scope}
        onScope={setScope}
        current={scope === 'all' || !scopeStatus.data ? undefined : taxStatusId(scopeStatus.data.taxStatus)}
        ready={scope === 'all' || scopeStatus.data !== undefined}
        busy={override.isPending}
        onChange={(to) =>
          override.mutate(
            { taxStatus: to, scope },
            {
              onSuccess: () => toast({ title: t('toasts.statusUpdated'), variant: 'success' }),
              onError: () => toast({ title: t('toasts.updateFailed'), description: t('toasts.updateFailedBody'), variant: 'destructive' }),
            },
          )
        }
      />
    </div>
  );
}
