import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardTaxYears, taxStatusName, taxYearInPreparation, type TaxStatusId } from '@taxli/domain';
import { AccessDenied } from '../../components/ui/access-denied';
import { PageLoading } from '../../components/ui/page-loading';
import { FetchProblem } from '../../components/ui/fetch-problem';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { useToday } from '../../lib/clock';
import { useCurrentUser } from '../../lib/current-user';
import { errorText } from '../../lib/error-text';
import { useAdminTaxStatus } from './api/get-admin-tax-status';
import { useSetTaxStatus } from './api/set-tax-status';
import { AuditCard } from './components/audit-card';
import { AccountsCard } from './components/accounts-card';
import { ManageStatusCard } from './components/manage-status-card';
import { ResetProfileCard } from './components/reset-profile-card';
import { StatusProgressCard } from './components/status-progress-card';
import { StepperCard } from './components/stepper-card';
import { SystemInfoCard } from './components/system-info-card';
import { TargetCard } from './components/target-card';
import { TaxCardDemoCard } from './components/tax-card-demo-card';
import { useStatusDriver } from './use-status-driver';

/** Part 2 §2: what everyone but an admin sees. */
function AdminAccessDenied() {
  const { t } = useTranslation('admin');
  return <AccessDenied reason={t('denied.body')} />;
}

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** The panel itself, for an account the server calls an admin. */
function AdminPanel({ self }: { self: { id: number; email: string } }) {
  const { t } = useTranslation('admin');
  const today = useToday();
  const [target, setTarget] = useState(self);
  const [taxYear, setTaxYear] = useState(() => taxYearInPreparation(today));
  const statusQuery = useAdminTaxStatus(target.id, taxYear);
  const setStatus = useSetTaxStatus();
  const status = statusQuery.data?.userId === target.id && statusQuery.data.taxYear === taxYear ? statusQuery.data.current_status_id : undefined;
  const labelOf = (id: TaxStatusId) => t(`statuses.${taxStatusName(id)}.label`);
  const apply = (to: TaxStatusId) => setStatus.mutateAsync({ taxStatus: to, taxYear, userId: target.id });

  const driver = useStatusDriver({
    status,
    apply,
    onLoopStarted: () => toast({ title: t('toasts.loopStartedTitle'), description: t('toasts.loopStartedBody') }),
    // Part 2 §8: a failed update is 'Error — Failed to update tax status', whether a Loop or Auto Advance ran.
    onStopped: ({ cycles, failed }) =>
      toast(
        failed
          ? { title: t('toasts.errorTitle'), description: t('toasts.updateFailed'), variant: 'destructive' }
          : { title: t('toasts.loopStoppedTitle'), description: t('toasts.loopStoppedBody', { count: cycles }) },
      ),
  });

  /** One change by hand: Previous, Next, Reset, or the dropdown's Update Status. */
  const change = (to: TaxStatusId, fromDropdown = false) =>
    apply(to).then(
      () =>
        toast(
          fromDropdown
            ? { title: t('toasts.successTitle'), description: t('toasts.successBody'), variant: 'success' }
            : { title: t('toasts.statusChangedTitle'), description: t('toasts.statusChangedBody', { label: labelOf(to) }), variant: 'success' },
        ),
      () => toast({ title: t('toasts.errorTitle'), description: t('toasts.updateFailed'), variant: 'destructive' }),
    );

  if (isForbidden(statusQuery.error)) return <AdminAccessDenied />;
  const running = driver.mode !== 'idle';
  // Without the status nothing can be driven: say why (a deleted account, the server, the network) and offer a retry.
  const statusFailed = statusQuery.isError && status === undefined;
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="text-slate-700">{t('intro')}</p>
      </div>
      <TargetCard
        target={target}
        isSelf={target.id === self.id}
        taxYear={taxYear}
        years={dashboardTaxYears(today)}
        locked={running}
        onYear={setTaxYear}
        onSelf={() => setTarget(self)}
      />
      {statusFailed && (
        <FetchProblem
          message={t('statusFailed', { email: target.email, year: taxYear, reason: errorText(t, statusQuery.error, t('loadFailed')) })}
          onRetry={() => void statusQuery.refetch()}
        />
      )}
      <StepperCard
        status={status}
        unavailable={statusFailed}
        driver={driver}
        busy={setStatus.isPending && !running}
        onChange={(to) => void change(to)}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <ManageStatusCard
          status={status}
          driver={driver}
          busy={setStatus.isPending && !running}
          onChange={(to) => void change(to)}
          onUpdate={(chosen) => {
            if (chosen === '') toast({ title: t('toasts.errorTitle'), description: t('toasts.selectStatus'), variant: 'destructive' });
            else void change(chosen, true);
          }}
        />
        <ResetProfileCard />
      </div>
      <StatusProgressCard current={status} />
      <AccountsCard drivenUserId={target.id} locked={running} onDrive={(account) => setTarget({ id: account.id, email: account.email })} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TaxCardDemoCard />
        <SystemInfoCard />
      </div>
      <AuditCard />
    </div>
  );
}

/**
 * /admin (part 2 §2, D4). Whether someone is an admin is the server's answer (the user's role, and
 * a 403 from any admin call), never a user id checked in the browser.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const { data: user, isPending } = useCurrentUser();
  if (isPending) {
    return <PageLoading text={t('loading')} />;
  }
  if (!user?.isAdmin) return <AdminAccessDenied />;
  return <AdminPanel self={{ id: user.id, email: user.email }} />;
}
