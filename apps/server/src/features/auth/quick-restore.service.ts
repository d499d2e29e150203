import { AppError } from '../../lib/app-error.js';
import type { RememberedDevice } from '../../plugins/session.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { UserAccounts, UserSummary } from '../users/user.service.js';
import { withAdminRole, type AdminRoleDeps } from './sign-in-user.js';

interface Deps {
  users: UserAccounts;
  audit: AuditLog;
  roles: AdminRoleDeps;
}

/**
 * Silent session restore (DECISIONS D5): the e-mail alone proves nothing, so it succeeds only
 * with this browser's live remember-device token, and only for the account that token belongs to.
 */
export async function quickRestore(deps: Deps, email: string, device: RememberedDevice, ip: string): Promise<UserSummary> {
  const event = { action: 'auth.quick_restore', email, ip };
  const refuse = async (reason: string, subjectUserId: number | null = null) => {
    await deps.audit.record({ ...event, outcome: 'failure', subjectUserId, details: { reason } });
    return new AppError(401, 'UNAUTHENTICATED', 'Please log in');
  };

  if (device.state === 'none') throw await refuse('no_device_token');
  if (device.state === 'invalid') throw await refuse('unknown_or_expired_device_token');
  if (device.token.email !== email) throw await refuse('device_token_of_other_account', device.token.userId);
  const found = await deps.users.findById(device.token.userId);
  if (!found) throw await refuse('account_deleted');
  const user = await withAdminRole(deps.roles, found);
  await deps.audit.record({ ...event, outcome: 'success', actorUserId: user.id, subjectUserId: user.id });
  return user;
}
