import type { Role, SessionAuthMethod, VerifyCodeResponse } from '@taxli/domain';

/** The account facts a sign-in answer names. */
export interface SignedInAccount {
  id: number;
  email: string;
  role: Role;
  isProfileComplete: boolean;
}

/**
 * What every successful sign-in answers (verify, quick-restore, passkey, debug login). `isAdmin` is
 * the account's role; a staff role without the session's second factor is not in effect yet (issue
 * 30), and the answer then says `secondFactorRequired`.
 */
export function signedInAnswer(user: SignedInAccount, authenticatedBy: SessionAuthMethod): VerifyCodeResponse {
  const secondFactorRequired = (user.role === 'expert' || user.role === 'admin') && authenticatedBy === 'email-code';
  return {
    success: true,
    user: {
      id: user.id,
      email: user.email,
      isProfileComplete: user.isProfileComplete,
      isAdmin: user.role === 'admin',
      ...(secondFactorRequired ? { secondFactorRequired } : {}),
    },
  };
}
