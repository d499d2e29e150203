import type { VerifyCodeResponse } from '@taxli/domain';
import type { UserAccounts, UserSummary } from '../users/user.service.js';

interface Deps {
  users: UserAccounts;
  adminEmails: readonly string[];
}

/**
 * Roles live in the database (DECISIONS D4): the first account (id 1) is made an admin when it is
 * created, and every address in ADMIN_EMAILS at each sign-in. After that the admin panel manages
 * roles: removing the first account's role holds; an ADMIN_EMAILS address gets it back at its next
 * sign-in (the operator's list wins). Leaving ADMIN_EMAILS does not demote anyone.
 */
export async function withAdminRole<T extends UserSummary & { created?: boolean }>({ users, adminEmails }: Deps, user: T): Promise<T> {
  const admin = (user.id === 1 && user.created === true) || adminEmails.includes(user.email);
  if (!admin || user.role === 'admin') return user;
  await users.setRole(user.id, 'admin');
  return { ...user, role: 'admin' };
}

/** The account for a verified address, created at its first sign-in. */
export async function signInUser(
  deps: Deps,
  email: string,
  language: string,
  now: Date,
): Promise<UserSummary & { created: boolean }> {
  return withAdminRole(deps, await deps.users.findOrCreate(email, language, now));
}

/** What every successful sign-in answers (verify, quick-restore, debug login). */
export function signedInAnswer(user: UserSummary): VerifyCodeResponse {
  return {
    success: true,
    user: { id: user.id, email: user.email, isProfileComplete: user.isProfileComplete, isAdmin: user.role === 'admin' },
  };
}
