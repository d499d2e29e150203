import {
  erasedUserPseudonym,
  lastRetainedDay,
  retentionEnd,
  taxStatusId,
  TAX_FILE_RETENTION_YEARS,
  type AccountErasureResponse,
  type RetainedTaxYear,
} from '@taxli/domain';
import { AppError } from '../lib/app-error.js';
import type { AuditLog } from '../lib/audit.repository.js';
import { hashEmail } from '../lib/personal-hash.js';
import { appendLedgerEntry } from './erasure-ledger-file.js';
import type { ErasableAccount, ErasureRepository, TransmittedYear } from './erasure.repository.js';
import { pseudonymiseDetails } from './pseudonymise-details.js';

/** Who erases: the person, an administrator on their behalf, the retention sweep, or a restore re-applying the ledger. */
export type ErasureActor = { by: 'self' } | { by: 'admin'; adminUserId: number } | { by: 'retention-sweep' } | { by: 'restore' };

export interface ErasureScope {
  erasures: ErasureRepository;
  audit: AuditLog;
}

export interface ErasureSettings {
  secret: string;
  /** DATA_DIR/erasures.log; the restore, which re-applies what it read there, writes none. */
  ledgerFile: string | undefined;
}

export interface ErasureOutcome {
  answer: AccountErasureResponse;
  /** The blobs to remove once the transaction has committed (their keys are gone with it). */
  storageKeys: string[];
  /** The account as it was, for the notice mail of an erasure on the person's behalf. */
  account: ErasableAccount;
}

/** Transmitted years whose retention period is not over at `now`, with until when they stay. */
export function retainedYears(years: TransmittedYear[], now: Date): { retained: RetainedTaxYear[]; until: Date | null } {
  let until: Date | null = null;
  const retained: RetainedTaxYear[] = [];
  for (const year of years) {
    const end = retentionEnd(year.basis);
    if (end <= now) continue;
    if (!until || end > until) until = end;
    retained.push({ taxYear: year.taxYear, statusId: taxStatusId(year.status) as 4 | 5 | 6, retainedUntil: lastRetainedDay(end), reason: 'legal-retention' });
  }
  return { retained, until };
}

/**
 * Erases one account in the caller's transaction (ADR 0020): the data keys of every document and
 * prepared return of the years that go are destroyed first, then those years' rows, the access
 * (sessions, passkeys, remembered devices) and the code rows; the audit trail stays with the person
 * pseudonymised; the ledger gets the erasure (table and file). Years in the experts' hands (status
 * 4–6) whose retention period is not over stay, on an account whose e-mail and contact data are gone.
 */
export async function eraseAccount(scope: ErasureScope, settings: ErasureSettings, userId: number, actor: ErasureActor, now: Date): Promise<ErasureOutcome> {
  const { erasures, audit } = scope;
  const account = await erasures.lockAccount(userId);
  if (!account) throw new AppError(404, 'NOT_FOUND', 'No such user');
  if (actor.by !== 'retention-sweep' && actor.by !== 'restore' && (await erasures.isRetained(account))) {
    throw new AppError(409, 'ALREADY_ERASED', 'This account was erased already; its transmitted years are kept until their retention period ends');
  }
  if (actor.by !== 'restore' && account.role === 'admin' && (await erasures.otherAdministrators(userId)) === 0) {
    throw new AppError(409, 'LAST_ADMIN', 'This is the last administrator: make another account an administrator first');
  }

  const { retained, until } = retainedYears(await erasures.transmittedYears(userId), now);
  const kept = new Set(retained.map((r) => r.taxYear));
  const erasedYears = (await erasures.yearsWithData(userId)).filter((year) => !kept.has(year));
  const years = retained.length === 0 ? undefined : erasedYears;
  const storageKeys = await erasures.storageKeys(userId, years);
  const documentVersions = await erasures.destroyDataKeys(userId, years);

  const pseudonym = erasedUserPseudonym(userId);
  for (const event of await erasures.auditDetails(userId)) {
    const details = pseudonymiseDetails(event.details, [account.email, `${account.firstName} ${account.lastName}`, account.firstName, account.lastName], pseudonym);
    if (details) await erasures.setAuditDetails(event.id, details);
  }
  await erasures.forgetAuditEmail(userId, hashEmail(settings.secret, account.email));
  await audit.record({
    action: 'account.erase',
    outcome: 'success',
    actorUserId: actor.by === 'admin' ? actor.adminUserId : actor.by === 'self' ? userId : null,
    subjectUserId: userId,
    details: { by: actor.by, kind: retained.length === 0 ? 'full' : 'retained', documentVersions, retainedYears: retained.length },
  });

  const kind = retained.length === 0 ? 'full' : 'retained';
  if (actor.by !== 'restore') await erasures.recordErasure(account, now, kind, until);
  if (kind === 'full') {
    await erasures.deleteAccount(userId);
  } else {
    await erasures.deleteYears(userId, erasedYears);
    await erasures.deleteAccess(userId);
    await erasures.pseudonymise(userId, pseudonym, now);
  }
  // Last, so that any failure before it rolls everything back; a failed commit after it leaves an
  // entry of a person who asked to be erased, whom a restore then erases: the safe side.
  if (settings.ledgerFile) {
    await appendLedgerEntry(settings.ledgerFile, {
      userId,
      accountCreatedAt: account.createdAt,
      erasedAt: now.toISOString(),
      kind,
      retainedUntil: until?.toISOString() ?? null,
    });
  }
  return {
    answer: {
      erasedAt: now.toISOString(),
      kind,
      erased: { documentVersions, taxYears: erasedYears },
      retained,
      retentionYears: TAX_FILE_RETENTION_YEARS,
    },
    storageKeys,
    account,
  };
}
