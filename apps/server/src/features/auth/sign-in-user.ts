import type { AuditLog } from '../../lib/audit.repository.js';
import type { UserAccounts, UserSummary } from '../users/user.service.js';

/** What a sign-in writes to the accounts, together with its audit events. */
export interface AccountScope {
  users: UserAccounts;
  audit: AuditLog;
}

export interface AdminRoleDeps {
  adminEmails: readonly string[];
  /** Runs `work` in one transaction: a role is never given without its audit event. */
  inTransaction<T>(work: (scope: AccountScope) => Promise<T>): Promise<T>;
}

/** The server gave the role (no administrator acted): recorded like an administrator's change, with the reason. */
const roleGiven = (userId: number, from: 'user' | null, reason: 'first_account' | 'admin_emails') =>
  ({
    action: 'user.role_change',
    outcome: 'success',
    actorUserId: null,
    subjectUserId: userId,
    details: { from, to: 'admin', reason },
  }) as const;

async function grantListedAdmin<T extends UserSummary>(scope: AccountScope, adminEmails: readonly string[], user: T): Promise<T> {
  if (user.role === 'admin' || !adminEmails.includes(user.email)) return user;
  // Conditional: of two sign-ins at once, one grants and records it.
  if (await scope.users.grantAdmin(user.id)) await scope.audit.record(roleGiven(user.id, 'user', 'admin_emails'));
  return { ...user, role: 'admin' };
}

/**
 * Roles live in the database (DECISIONS D4): the account created while no administrator exists
 * becomes one in the statement that creates it, and every address in ADMIN_EMAILS at each sign-in;
 * both are audit events. After that the admin panel manages roles: removing the first account's
 * role holds; an ADMIN_EMAILS address gets it back at its next sign-in (the operator's list wins).
 * Leaving ADMIN_EMAILS does not demote anyone.
 */
export async function withAdminRole<T extends UserSummary>(deps: AdminRoleDeps, user: T): Promise<T> {
  if (user.role === 'admin' || !deps.adminEmails.includes(user.email)) return user;
  return deps.inTransaction((scope) => grantListedAdmin(scope, deps.adminEmails, user));
}

/** The account for a verified address, created at its first sign-in. */
export async function signInUser(deps: AdminRoleDeps, email: string, language: string, now: Date): Promise<UserSummary & { created: boolean }> {
  return deps.inTransaction(async (scope) => {
    const user = await scope.users.findOrCreate(email, language, now);
    if (user.created && user.role === 'admin') await scope.audit.record(roleGiven(user.id, null, 'first_account'));
    return grantListedAdmin(scope, deps.adminEmails, user);
  });
}
