import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  DEFAULT_LANGUAGE,
  PASSKEY_CHALLENGE_TTL_MINUTES,
  isActiveLanguage,
  type AuthenticationResponseBody,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
  type PasskeySummary,
  type RegistrationResponseBody,
} from '@taxli/domain';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderPasskeyNoticeMail, type PasskeyNoticeKind } from '../../mail/templates/passkey-notice.js';
import type { UserAccounts, UserSummary } from '../users/user.service.js';
import type { ChallengeBinding, PasskeyRepository, StoredPasskey } from './passkey.repository.js';
import { checkSiteOf, readAssertionAuthenticatorData, readAttestationAuthenticatorData, readClientData } from './webauthn-answer.js';

export interface PasskeyDeps {
  config: Pick<Config, 'publicOrigin' | 'sessionSecret'>;
  clock: Clock;
  passkeys: PasskeyRepository;
  users: Pick<UserAccounts, 'findById'>;
  audit: AuditLog;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** The caller as the passkey rules see it: a signed-in session, with how it was authenticated. */
export interface PasskeyCaller {
  sessionId: string;
  userId: number;
  email: string;
  /** An expert or admin whose session holds no passkey yet. */
  staffWithoutSecondFactor: boolean;
}

const TTL_MS = PASSKEY_CHALLENGE_TTL_MINUTES * 60_000;

export function toSummary(row: StoredPasskey): PasskeySummary {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

/**
 * Passkeys (issue 30): adding one, answering a challenge with one (to sign in, or as the second
 * factor of an e-mail code session), listing, renaming, removing. RP ID and origin come from
 * PUBLIC_ORIGIN; every challenge is single-use, 5 minutes, bound to whoever asked for it.
 */
export function createPasskeyService(deps: PasskeyDeps) {
  const { config, clock, passkeys, users, audit, mailer, log } = deps;
  const origin = config.publicOrigin;
  const rpId = new URL(origin).hostname;
  /** The WebAuthn user handle: stable per account, and no personal data (an authenticator shows and keeps it). */
  const userHandle = (userId: number) => createHmac('sha256', config.sessionSecret).update(`webauthn-user:${userId}`).digest();

  const notify = async (userId: number, kind: PasskeyNoticeKind, passkeyName: string) => {
    const user = await users.findById(userId);
    if (!user) return;
    const language = isActiveLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
    try {
      await mailer.send({ to: user.email, ...renderPasskeyNoticeMail(language, kind, passkeyName) });
    } catch (error) {
      // The change stands and is audited; the log keeps the kind of failure, never the address.
      log.error({ err: error }, 'passkey notice mail failed');
    }
  };

  /** The challenge this answer names, taken out of the store; refused when it is not live or not the caller's. */
  const takeChallenge = async (challenge: string, purpose: 'register' | 'login', binding: ChallengeBinding | null) => {
    if (!binding || !(await passkeys.consumeChallenge(challenge, purpose, binding, clock()))) {
      throw new AppError(400, 'PASSKEY_CHALLENGE_INVALID', 'The passkey request has expired, was used already, or is not yours');
    }
  };

  const saveChallenge = (challenge: string, purpose: 'register' | 'login', binding: ChallengeBinding) =>
    passkeys.saveChallenge({ challenge, purpose, binding, expiresAt: new Date(clock().getTime() + TTL_MS) }, clock());

  return {
    rpId,

    async list(userId: number): Promise<PasskeySummary[]> {
      return (await passkeys.listByUser(userId)).map(toSummary);
    },

    /**
     * Staff signed in by e-mail code alone may add their first passkey (the way to their second
     * factor), but not another: otherwise whoever reads their mailbox could add one of their own.
     */
    async registrationOptions(caller: PasskeyCaller): Promise<PasskeyCreationOptions> {
      const existing = await passkeys.listByUser(caller.userId);
      if (caller.staffWithoutSecondFactor && existing.length > 0) {
        throw new AppError(403, 'SECOND_FACTOR_REQUIRED', 'Confirm this sign-in with a passkey you have before adding another');
      }
      const options = await generateRegistrationOptions({
        rpName: 'Taxli',
        rpID: rpId,
        userName: caller.email,
        userID: userHandle(caller.userId),
        timeout: TTL_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await saveChallenge(options.challenge, 'register', { sessionId: caller.sessionId });
      return options;
    },

    async register(caller: PasskeyCaller, body: RegistrationResponseBody, ip: string): Promise<PasskeySummary> {
      const event = { action: 'passkey.add', actorUserId: caller.userId, subjectUserId: caller.userId, ip };
      try {
        const clientData = readClientData(body.response.clientDataJSON);
        if (clientData.type !== 'webauthn.create') throw new AppError(400, 'PASSKEY_VERIFICATION_FAILED', 'Not a registration answer');
        await takeChallenge(clientData.challenge, 'register', { sessionId: caller.sessionId });
        checkSiteOf({ origin: clientData.origin, ...readAttestationAuthenticatorData(body.response.attestationObject) }, { origin, rpId });
        const verified = await verifyRegistrationResponse({
          response: { ...body, clientExtensionResults: body.clientExtensionResults ?? {} } as Parameters<typeof verifyRegistrationResponse>[0]['response'],
          expectedChallenge: clientData.challenge,
          expectedOrigin: origin,
          expectedRPID: rpId,
          requireUserVerification: true,
        }).catch(() => ({ verified: false, registrationInfo: undefined }) as const);
        if (!verified.verified || !verified.registrationInfo) throw new AppError(400, 'PASSKEY_VERIFICATION_FAILED', 'The passkey could not be verified');
        const info = verified.registrationInfo;
        const count = (await passkeys.listByUser(caller.userId)).length;
        const stored = await passkeys.insert({
          userId: caller.userId,
          credentialId: info.credential.id,
          publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
          counter: info.credential.counter,
          transports: body.response.transports ?? [],
          backupEligible: info.credentialDeviceType === 'multiDevice',
          backupState: info.credentialBackedUp,
          name: body.name ?? `Passkey ${count + 1}`,
          createdAt: clock(),
        });
        if (!stored) throw new AppError(409, 'PASSKEY_ALREADY_REGISTERED', 'This passkey is registered already');
        await audit.record({ ...event, outcome: 'success', details: { passkeyId: stored.id } });
        await notify(caller.userId, 'added', stored.name);
        return toSummary(stored);
      } catch (error) {
        if (error instanceof AppError) await audit.record({ ...event, outcome: 'failure', details: { reason: error.code } });
        throw error;
      }
    },

    /** Signed out: any discoverable passkey of this site; signed in: the account's own passkeys. */
    async authenticationOptions(binding: ChallengeBinding, signedInUserId: number | null): Promise<PasskeyRequestOptions> {
      const own = signedInUserId === null ? [] : await passkeys.listByUser(signedInUserId);
      const options = await generateAuthenticationOptions({
        rpID: rpId,
        timeout: TTL_MS,
        userVerification: 'required',
        allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports as AuthenticatorTransport[] })),
      });
      await saveChallenge(options.challenge, 'login', binding);
      return options;
    },

    /**
     * Checks an assertion; on success records the use and returns the account. `signedInUserId`: the
     * session the answer must belong to (the second factor); null for a sign-in.
     */
    async authenticate(binding: ChallengeBinding | null, signedInUserId: number | null, body: AuthenticationResponseBody, ip: string): Promise<UserSummary> {
      const event = { action: 'passkey.use', actorUserId: signedInUserId, subjectUserId: signedInUserId, ip };
      try {
        const clientData = readClientData(body.response.clientDataJSON);
        if (clientData.type !== 'webauthn.get') throw new AppError(400, 'PASSKEY_VERIFICATION_FAILED', 'Not an authentication answer');
        await takeChallenge(clientData.challenge, 'login', binding);
        const claimed = readAssertionAuthenticatorData(body.response.authenticatorData);
        checkSiteOf({ origin: clientData.origin, rpIdHash: claimed.rpIdHash }, { origin, rpId });

        const passkey = await passkeys.findByCredentialId(body.id);
        if (!passkey) throw new AppError(401, 'PASSKEY_UNKNOWN', 'This passkey is not registered');
        event.subjectUserId = passkey.userId;
        if (signedInUserId !== null && passkey.userId !== signedInUserId) {
          throw new AppError(401, 'PASSKEY_OTHER_ACCOUNT', 'This passkey belongs to another account');
        }
        if (body.response.userHandle !== undefined && body.response.userHandle !== isoBase64URL.fromBuffer(userHandle(passkey.userId))) {
          throw new AppError(400, 'PASSKEY_VERIFICATION_FAILED', 'The passkey answer names another user');
        }
        // The signature first, with the counter check left to us: a counter that went back is
        // reported as such only when the answer is genuine.
        const verified = await verifyAuthenticationResponse({
          response: { ...body, clientExtensionResults: body.clientExtensionResults ?? {} } as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
          expectedChallenge: clientData.challenge,
          expectedOrigin: origin,
          expectedRPID: rpId,
          requireUserVerification: true,
          credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: 0, transports: passkey.transports as AuthenticatorTransport[] },
        }).catch(() => ({ verified: false, authenticationInfo: undefined }) as const);
        if (!verified.verified || !verified.authenticationInfo) throw new AppError(400, 'PASSKEY_VERIFICATION_FAILED', 'The passkey could not be verified');
        const info = verified.authenticationInfo;
        if ((info.newCounter > 0 || passkey.counter > 0) && info.newCounter <= passkey.counter) {
          throw new AppError(401, 'PASSKEY_COUNTER_REPLAY', 'The passkey counter went back: the answer may come from a copied authenticator');
        }
        // Backup eligibility is fixed for a credential's life (WebAuthn §6.1.3); the state may change.
        if ((info.credentialDeviceType === 'multiDevice') !== passkey.backupEligible) {
          throw new AppError(400, 'PASSKEY_VERIFICATION_FAILED', 'The passkey changed its backup eligibility');
        }
        if (!(await passkeys.recordUse(passkey.id, passkey.counter, { counter: info.newCounter, backupState: info.credentialBackedUp, at: clock() }))) {
          throw new AppError(401, 'PASSKEY_COUNTER_REPLAY', 'The passkey was used by another answer at the same time');
        }
        const user = await users.findById(passkey.userId);
        if (!user) throw new AppError(401, 'PASSKEY_UNKNOWN', 'This passkey is not registered');
        await audit.record({ ...event, actorUserId: user.id, outcome: 'success', details: { passkeyId: passkey.id, secondFactor: signedInUserId !== null } });
        await notify(user.id, 'used', passkey.name);
        return user;
      } catch (error) {
        if (error instanceof AppError) await audit.record({ ...event, outcome: 'failure', details: { reason: error.code } });
        throw error;
      }
    },

    async rename(userId: number, id: number, name: string): Promise<PasskeySummary> {
      const row = await passkeys.rename(userId, id, name);
      if (!row) throw new AppError(404, 'NOT_FOUND', 'No such passkey');
      await audit.record({ action: 'passkey.rename', outcome: 'success', actorUserId: userId, subjectUserId: userId, details: { passkeyId: id } });
      return toSummary(row);
    },

    /** Staff need their second factor to remove one: else a mailbox reader could swap in their own. */
    async remove(caller: PasskeyCaller, id: number, ip: string): Promise<void> {
      if (caller.staffWithoutSecondFactor) throw new AppError(403, 'SECOND_FACTOR_REQUIRED', 'Confirm this sign-in with your passkey first');
      const row = await passkeys.remove(caller.userId, id);
      if (!row) throw new AppError(404, 'NOT_FOUND', 'No such passkey');
      await audit.record({ action: 'passkey.remove', outcome: 'success', actorUserId: caller.userId, subjectUserId: caller.userId, ip, details: { passkeyId: id } });
      await notify(caller.userId, 'removed', row.name);
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
