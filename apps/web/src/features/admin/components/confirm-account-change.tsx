import { useTranslation } from 'react-i18next';
import type { AdminUserSummary, Role, SubscriptionPlan } from '@taxli/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** A change of an account's role or plan that waits for the administrator's confirmation. */
export type AccountChange =
  | { account: AdminUserSummary; kind: 'role'; role: Role }
  | { account: AdminUserSummary; kind: 'plan'; plan: SubscriptionPlan }
  | { account: AdminUserSummary; kind: 'delete' };

interface ConfirmAccountChangeProps {
  change: AccountChange | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (change: AccountChange) => void;
  /** Where the focus goes back to when the question closes (the button or list it was asked from). */
  returnFocusTo: HTMLElement | null;
}

/**
 * Asks before a role or plan changes: one click on a list of accounts is easily the wrong row, and
 * a role gives or takes rights over other people's data. The question names the person and the change.
 */
export function ConfirmAccountChange({ change, pending, onCancel, onConfirm, returnFocusTo }: ConfirmAccountChangeProps) {
  const { t } = useTranslation('admin');
  if (!change) return null;
  const { account } = change;
  const planName = (plan: string | null) => (plan ? t(`accounts.plans.${plan}`) : t('accounts.noPlan'));
  let title: string;
  let action: string;
  let body = t('accounts.confirm.roleBody');
  if (change.kind === 'delete') {
    title = t('accounts.confirm.deleteTitle', { email: account.email });
    action = t('accounts.delete');
    body = t('accounts.confirm.deleteBody');
  } else if (change.kind === 'plan') {
    title = t('accounts.confirm.planTitle', { email: account.email, from: planName(account.subscriptionPlan), to: planName(change.plan) });
    action = t('accounts.confirm.changePlan');
  } else if (change.role === 'user') {
    title = t('accounts.confirm.revokeTitle', { email: account.email, role: t(`accounts.roles.${account.role}`) });
    action = account.role === 'admin' ? t('accounts.revoke') : t('accounts.revokeExpert');
  } else {
    title = t('accounts.confirm.grantTitle', { email: account.email, role: t(`accounts.confirm.grantRole.${change.role}`) });
    action = change.role === 'admin' ? t('accounts.grant') : t('accounts.grantExpert');
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !pending && onCancel()}
      title={title}
      description={body}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo?.focus();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button variant={change.kind === 'delete' ? 'danger' : 'primary'} onClick={() => onConfirm(change)} disabled={pending}>
            {action}
          </Button>
        </>
      }
    />
  );
}
