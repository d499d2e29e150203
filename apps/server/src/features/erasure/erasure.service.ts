import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LANGUAGE, isActiveLanguage, TAX_FILE_RETENTION_YEARS, type AccountErasurePreview, type AccountErasureResponse, type RequestCodeResponse } from '@taxli/domain';
import { inTransaction, type Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuditLog } from '../../lib/audit.repository.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderAccountErasedMail } from '../../mail/templates/account-erasure.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { eraseAccount, retainedYears, type ErasureActor, type ErasureSettings } from '../../erasure/erase-account.js';
import { createErasureRepository } from '../../erasure/erasure.repository.js';
import type { CodeHolder, DeletionCodeService } from '../auth/deletion-code.service.js';

export interface ErasureDeps {
  db: Db;
  deletionCodes: DeletionCodeService;
  mailer: Mailer;
  clock: Clock;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  settings: ErasureSettings;
  auditOn(on: Db): AuditLog;
}

const languageOr = (language: string | undefined) => (language && isActiveLanguage(language) ? language : DEFAULT_LANGUAGE);

/**
 * "Delete my account" with a mailed code, an administrator's erasure on a person's behalf, and the
 * retention sweep's (issue 30 items 6 and 7; ADR 0020). The erasure itself crosses every owner's
 * tables and lives beside the backup, in `erasure/`.
 */
export function createErasureService(deps: ErasureDeps) {
  const { db, deletionCodes, mailer, clock, blobs, log, settings, auditOn } = deps;
  const erasures = createErasureRepository(db);

  /** The blobs go after the commit: until then the transaction may still roll back and need them. */
  async function removeBlobs(keys: string[]): Promise<void> {
    for (const key of keys) {
      // Their data keys are gone already, so a blob left behind is unreadable; the blob sweep removes it.
      await blobs.delete(key).catch((error: unknown) => log.warn({ err: error }, 'an erased document’s blob could not be removed'));
    }
  }

  async function erase(userId: number, actor: ErasureActor) {
    const outcome = await inTransaction(db, (tx) => eraseAccount({ erasures: createErasureRepository(tx), audit: auditOn(tx) }, settings, userId, actor, clock()));
    await removeBlobs(outcome.storageKeys);
    // The code rows (keyed hashes of the address) go too, so nothing keyed to the address is left.
    await deletionCodes.forget(outcome.account.email);
    return outcome;
  }

  /** The person learns by mail what went and what stays; the erasure stands if the mail fails. */
  async function mailErased({ answer, account }: Awaited<ReturnType<typeof erase>>, by: 'self' | 'admin'): Promise<void> {
    try {
      await mailer.send({ to: account.email, ...renderAccountErasedMail(languageOr(account.language), answer.retained, by) });
    } catch (error) {
      log.error({ err: error }, 'account erased notice mail failed');
    }
  }

  return {
    /** What an erasure now would keep, for the profile page's explanation before the person confirms. */
    async preview(userId: number): Promise<AccountErasurePreview> {
      const { retained } = retainedYears(await erasures.transmittedYears(userId), clock());
      return { retained, retentionYears: TAX_FILE_RETENTION_YEARS };
    },

    /** Mails a fresh deletion code to the account's own address, in the account's language. */
    async requestCode(holder: CodeHolder): Promise<RequestCodeResponse> {
      return deletionCodes.send(holder, languageOr(await erasures.languageOf(holder.userId)));
    },

    /** Checks the deletion code, then erases the account. */
    async confirm(holder: CodeHolder, code: string): Promise<AccountErasureResponse> {
      await deletionCodes.check(holder, code);
      const outcome = await erase(holder.userId, { by: 'self' });
      await mailErased(outcome, 'self');
      return outcome.answer;
    },

    /** Issue 30 item 7: an administrator erases a person's account on their behalf; the person is mailed. */
    async eraseOnBehalf(adminUserId: number, userId: number): Promise<AccountErasureResponse> {
      if (adminUserId === userId) {
        throw new AppError(409, 'CANNOT_DELETE_OWN_ACCOUNT', 'Administrators delete their own account on their profile page, with a mailed code');
      }
      const outcome = await erase(userId, { by: 'admin', adminUserId });
      // Failed, the administrator tells the person by the way they asked.
      await mailErased(outcome, 'admin');
      return outcome.answer;
    },

    /** The retention sweep's work: every retained account whose period is over now, erased in full. */
    async eraseDueRetentions(): Promise<number> {
      let erased = 0;
      for (const userId of await erasures.dueRetentions(clock())) {
        if ((await erase(userId, { by: 'retention-sweep' })).answer.kind === 'full') erased += 1;
      }
      return erased;
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
