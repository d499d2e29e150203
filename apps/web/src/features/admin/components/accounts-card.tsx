import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_PLANS, type AdminUserSummary, type Role, type SubscriptionPlan } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { FetchProblem } from '../../../components/ui/fetch-problem';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/error-text';
import { useAccounts } from '../api/get-accounts';
import { useSetPlan } from '../api/set-plan';
import { useSetRole } from '../api/set-role';
import { useDeleteAccountOnBehalf } from '../api/delete-account';
import { useCurrentUser } from '../../../lib/current-user';
import { AdminCard, selectClass } from './admin-card';
import { ConfirmAccountChange, type AccountChange } from './confirm-account-change';
import { ExportDataLink } from './export-data-link';

interface AccountsCardProps {
  /** The account whose status the panel drives. */
  drivenUserId: number;
  /** A Loop or Auto Advance runs: the driven account stays until it stops. */
  locked: boolean;
  onDrive: (account: AdminUserSummary) => void;
}

/**
 * Accounts with their role and plan (D4, D14): search by e-mail or id, choose whose status the panel
 * drives, grant or remove the admin role, set the plan. The server refuses to remove the last admin
 * (409 LAST_ADMIN); the button says so before anyone tries.
 */
export function AccountsCard({ drivenUserId, locked, onDrive }: AccountsCardProps) {
  const { t } = useTranslation('admin');
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const accounts = useAccounts(q);
  const setRole = useSetRole();
  const setPlan = useSetPlan();
  const deleteAccount = useDeleteAccountOnBehalf();
  const { data: me } = useCurrentUser();
  // A role or plan change waits here until the administrator confirms it; Cancel changes nothing.
  const [asking, setAsking] = useState<AccountChange | null>(null);
  const askedFrom = useRef<HTMLElement | null>(null);
  const ask = (change: AccountChange, from: HTMLElement) => {
    askedFrom.current = from;
    setAsking(change);
  };
  const confirmed = (change: AccountChange) => {
    const done = { onSettled: () => setAsking(null) };
    if (change.kind === 'role') changeRole(change.account, change.role, done);
    else if (change.kind === 'plan') changePlan(change.account, change.plan, done);
    else eraseAccount(change.account, done);
  };

  const changeRole = (account: AdminUserSummary, role: Role, { onSettled }: { onSettled: () => void }) => {
    setRole.mutate(
      { userId: account.id, role },
      {
        onSettled,
        onSuccess: (changed) =>
          toast({
            title: t('accounts.roleChangedTitle'),
            description: t('accounts.roleChangedBody', { email: changed.email, role: t(`accounts.roles.${changed.role}`) }),
            variant: 'success',
          }),
        onError: (error) =>
          toast({ title: t('accounts.roleFailedTitle'), description: errorText(t, error, t('accounts.roleFailedBody')), variant: 'destructive' }),
      },
    );
  };

  const changePlan = (account: AdminUserSummary, subscriptionPlan: SubscriptionPlan, { onSettled }: { onSettled: () => void }) =>
    setPlan.mutate(
      { userId: account.id, subscriptionPlan },
      {
        onSettled,
        onSuccess: (changed) =>
          toast({
            title: t('accounts.planChangedTitle'),
            description: t('accounts.planChangedBody', { email: changed.email, plan: t(`accounts.plans.${subscriptionPlan}`) }),
            variant: 'success',
          }),
        onError: (error) =>
          toast({ title: t('accounts.planFailedTitle'), description: errorText(t, error, t('accounts.planFailedBody')), variant: 'destructive' }),
      },
    );

  // Issue 30 item 7: for a person who asked by other means; one's own account goes on the profile page.
  const eraseAccount = (account: AdminUserSummary, { onSettled }: { onSettled: () => void }) =>
    deleteAccount.mutate(account.id, {
      onSettled,
      onSuccess: () => toast({ title: t('accounts.deletedTitle'), description: t('accounts.deletedBody', { id: account.id }), variant: 'success' }),
      onError: (error) =>
        toast({ title: t('accounts.deleteFailedTitle'), description: errorText(t, error, t('accounts.deleteFailedBody')), variant: 'destructive' }),
    });

  const data = accounts.data;
  return (
    <AdminCard title={t('accounts.heading')}>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(draft.trim());
        }}
      >
        <div className="w-full space-y-1 sm:w-72">
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
            {t('accounts.search')}
          </label>
          <Input id={searchId} type="search" autoComplete="off" value={draft} onChange={(event) => setDraft(event.target.value)} />
        </div>
        <Button type="submit" variant="secondary">
          {t('accounts.searchButton')}
        </Button>
      </form>
      {accounts.isError ? (
        <FetchProblem message={errorText(t, accounts.error, t('loadFailed'))} onRetry={() => void accounts.refetch()} />
      ) : !data ? (
        <p role="status" className="text-sm text-slate-700">
          {t('loading')}
        </p>
      ) : data.users.length === 0 ? (
        <p className="text-sm text-slate-700">{t('accounts.none')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t('accounts.shown', { shown: data.users.length, total: data.total })}</p>
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {data.users.map((account) => {
              const lastAdmin = account.role === 'admin' && data.adminCount <= 1;
              const driven = account.id === drivenUserId;
              return (
                <li key={account.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="break-all font-medium text-slate-900">{account.email}</p>
                    <p className="text-sm text-slate-700">
                      {t('accounts.id')} {account.id} · {t(`accounts.roles.${account.role}`)} · {t('accounts.plan')}:{' '}
                      {account.subscriptionPlan ? t(`accounts.plans.${account.subscriptionPlan}`) : t('accounts.noPlan')} · {t('accounts.profile')}:{' '}
                      {account.isProfileComplete ? t('accounts.profileComplete') : t('accounts.profileIncomplete')}
                    </p>
                    {lastAdmin && <p className="text-sm text-slate-700">{t('accounts.lastAdmin')}</p>}
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <select
                      className={selectClass}
                      aria-label={`${t('accounts.plan')}: ${account.email}`}
                      value={account.subscriptionPlan ?? ''}
                      disabled={setPlan.isPending}
                      onChange={(event) => ask({ account, kind: 'plan', plan: event.target.value as SubscriptionPlan }, event.currentTarget)}
                    >
                      {account.subscriptionPlan === null && (
                        <option value="" disabled>
                          {t('accounts.noPlan')}
                        </option>
                      )}
                      {SUBSCRIPTION_PLANS.map((plan) => (
                        <option key={plan} value={plan}>
                          {t(`accounts.plans.${plan}`)}
                        </option>
                      ))}
                    </select>
                    <Button
                      variant="secondary"
                      aria-pressed={driven}
                      disabled={locked}
                      aria-label={`${driven ? t('accounts.driving') : t('accounts.drive')}: ${account.email}`}
                      onClick={() => onDrive(account)}
                    >
                      {driven ? t('accounts.driving') : t('accounts.drive')}
                    </Button>
                    {account.role !== 'admin' && (
                      // An expert prepares the returns of others (D18); an administrator has every right already.
                      <Button
                        variant="secondary"
                        disabled={setRole.isPending}
                        aria-label={`${account.role === 'expert' ? t('accounts.revokeExpert') : t('accounts.grantExpert')}: ${account.email}`}
                        onClick={(event) => ask({ account, kind: 'role', role: account.role === 'expert' ? 'user' : 'expert' }, event.currentTarget)}
                      >
                        {account.role === 'expert' ? t('accounts.revokeExpert') : t('accounts.grantExpert')}
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      disabled={lastAdmin || setRole.isPending}
                      aria-label={`${account.role === 'admin' ? t('accounts.revoke') : t('accounts.grant')}: ${account.email}`}
                      onClick={(event) => ask({ account, kind: 'role', role: account.role === 'admin' ? 'user' : 'admin' }, event.currentTarget)}
                    >
                      {account.role === 'admin' ? t('accounts.revoke') : t('accounts.grant')}
                    </Button>
                    <ExportDataLink userId={account.id} email={account.email} />
                    {account.id !== me?.id && (
                      <Button
                        variant="danger"
                        disabled={lastAdmin || deleteAccount.isPending}
                        aria-label={`${t('accounts.delete')}: ${account.email}`}
                        onClick={(event) => ask({ account, kind: 'delete' }, event.currentTarget)}
                      >
                        {t('accounts.delete')}
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <ConfirmAccountChange change={asking} pending={setRole.isPending || setPlan.isPending || deleteAccount.isPending} onCancel={() => setAsking(null)} onConfirm={confirmed} returnFocusTo={askedFrom.current} />
    </AdminCard>
  );
}
