import { createHash } from 'node:crypto';
import { pipeline, Readable, Transform } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_EXPORTS_PER_DAY, accountExportFileName, findCategory, isActiveLanguage, type AccountExportAllowance, type AuditEventSummary, type PasskeySummary, type Role } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { zipStream, type ZipEntry } from '../../lib/zip-writer.js';
import type { YearVersion } from '../files/files.service.js';
import type { AdvancedTaxInfoService } from '../advanced-tax-info/advanced-tax-info.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { ThreadService } from '../messages/thread.service.js';
import type { TaxProfileService } from '../tax-profile/tax-profile.service.js';
import { taxAddressOf, type UserService } from '../users/user.service.js';
import type { ExtractionService } from '../extraction/extraction.service.js';
import type { PreparedReturnService } from '../expert/prepared-return.service.js';
import type { ReturnProgressService } from '../expert/return-progress.service.js';
import type { TaxStatusService } from '../tax-status/tax-status.service.js';
import { EXPORT_ACTION, type ExportAllowance } from './export-allowance.repository.js';
import { actorShown, auditShown, exportedPreparedReturns, exportedVersions, jsonFile, manifests } from './export-layout.js';
import { exportSummaryPdf, type Recipient } from './export-summary-pdf.js';

export interface AccountExportDeps {
  users: Pick<UserService, 'findAccount' | 'findRecord' | 'findNamed' | 'termsAcceptancesOf'>;
  passkeys: { list(userId: number): Promise<PasskeySummary[]> };
  taxProfile: Pick<TaxProfileService, 'profilesOf' | 'declarationsOf'>;
  advancedTaxInfo: Pick<AdvancedTaxInfoService, 'allYearsOf'>;
  thread: Pick<ThreadService, 'allOfPerson'>;
  notifications: Pick<NotificationsService, 'list'>;
  extraction: Pick<ExtractionService, 'readsOf'>;
  auditTrail: { aboutPerson(userId: number): Promise<AuditEventSummary[]> };
  documents: { versionsOfPerson(userId: number): Promise<YearVersion[]>; decrypted(version: YearVersion): Promise<Readable> };
  preparedReturns: Pick<PreparedReturnService, 'versionsForPerson' | 'decrypted'>;
  transmissions: Pick<TaxStatusService, 'transmissionsOf'>;
  expertWork: Pick<ReturnProgressService, 'allOfPerson'>;
  allowance: ExportAllowance;
  clock: Clock;
  log: FastifyBaseLogger;
}

export interface OpenedExport {
  fileName: string;
  /** Exact: every entry's size is known before a byte goes out (stored, no compression). */
  length: number;
  stream: Readable;
}

/** A version's bytes as they leave the store, checked against the SHA-256 the manifest states: a mismatch cuts the archive. */
function checkedAgainst(body: Readable, sha256: string): Readable {
  const hash = createHash('sha256');
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      done(hash.digest('hex') === sha256.toLowerCase() ? null : new Error('a document version does not match its stored SHA-256'));
    },
  });
  // Errors of either side destroy both: the archive reading `check` sees them, a reader that left ends `body`.
  return pipeline(body, check, () => undefined);
}

/** A stored file's entry: decrypted only when the archive reaches it, its bytes checked against the stored SHA-256. */
function checkedEntry(
  path: string,
  stored: { sizeBytes: number; sha256: string; createdAt: Date },
  decrypt: () => Promise<Readable>,
  onFailure: (error: unknown) => void,
): ZipEntry {
  return {
    path,
    size: stored.sizeBytes,
    modifiedAt: stored.createdAt,
    async open() {
      const body = await decrypt().catch((error: unknown) => {
        onFailure(error);
        throw error;
      });
      const checked = checkedAgainst(body, stored.sha256);
      checked.once('error', onFailure);
      return checked;
    },
  };
}

/**
 * "Download my data" (issue 30 item 5; nDSG Art. 25 and 28): everything Taxli holds on a person as
 * one ZIP, streamed, each document decrypted only as the archive reaches it; for the person (a few a
 * day) or for an administrator acting on their behalf. Audited as `account.export` before the
 * first byte. The layout is in docs/architecture.md ("Data export").
 */
export function createAccountExportService(deps: AccountExportDeps) {
  const { users, allowance, clock, log } = deps;

  /** Of the accounts named (who acted on the person, who handles a year), the others': who handled their returns. */
  async function othersNamed(personId: number, named: Array<number | null>) {
    const ids = [...new Set(named.filter((id): id is number => id !== null && id !== personId))];
    const accounts = (await Promise.all(ids.map((id) => users.findNamed(id)))).flatMap((account) => (account ? [account] : []));
    const roles = new Map<number, Role>(accounts.map((account) => [account.id, account.role]));
    const recipients = accounts.flatMap((account): Recipient[] => (account.role === 'user' ? [] : [{ firstName: account.firstName, role: account.role }]));
    return { roles, recipients };
  }

  async function entries(personId: number, account: { email: string; createdAt: string }, madeAt: Date): Promise<ZipEntry[]> {
    const [record, passkeys, profiles, declarations, advancedTaxInfo, messages, notifications, events, versions, preparedReturns, terms, transmissions, expertWork] = await Promise.all([
      users.findRecord(personId),
      deps.passkeys.list(personId),
      deps.taxProfile.profilesOf(personId),
      deps.taxProfile.declarationsOf(personId),
      deps.advancedTaxInfo.allYearsOf(personId),
      deps.thread.allOfPerson(personId),
      deps.notifications.list(personId),
      deps.auditTrail.aboutPerson(personId),
      deps.documents.versionsOfPerson(personId),
      deps.preparedReturns.versionsForPerson(personId),
      users.termsAcceptancesOf(personId),
      deps.transmissions.transmissionsOf(personId),
      deps.expertWork.allOfPerson(personId),
    ]);
    if (!record) throw new AppError(404, 'NOT_FOUND', 'No user with this id', 'userId');
    const exported = exportedVersions(versions);
    const prepared = exportedPreparedReturns(preparedReturns);
    const exportedById = new Map(exported.map((shown) => [shown.version.versionId, shown]));
    const reads = await deps.extraction.readsOf(exported.map(({ version }) => version.versionId));

    const { roles, recipients } = await othersNamed(personId, [...events.map((event) => event.actorUserId), ...expertWork.map((year) => year.handledBy)]);
    const accountFile = {
      exportedAt: madeAt.toISOString(),
      account: {
        id: record.id,
        email: record.email,
        salutation: record.salutation,
        firstName: record.firstName,
        lastName: record.lastName,
        dateOfBirth: record.dateOfBirth,
        phone: record.phone,
        countryCode: record.countryCode,
        language: record.language,
        jobName: record.jobName,
        taxAddress: taxAddressOf(record),
        role: record.role,
        subscriptionPlan: record.subscriptionPlan,
        isProfileComplete: record.isProfileComplete,
        hasAcceptedTerms: record.hasAcceptedTerms,
        createdAt: account.createdAt,
      },
      // Names and dates only: a passkey's public key and counter are of no use outside Taxli.
      passkeys: passkeys.map(({ name, createdAt, lastUsedAt }) => ({ name, createdAt, lastUsedAt })),
      // As the server saw each acceptance: its time, the browser's User-Agent, the address as a keyed hash.
      termsAcceptances: terms.map(({ termsVersion, acceptedAt, userAgent, ipHash }) => ({ termsVersion, acceptedAt: acceptedAt.toISOString(), userAgent, ipHash })),
      taxYearStatuses: record.taxYearStatuses,
    };

    const years = [...new Set([...profiles, ...declarations, ...transmissions, ...expertWork].map((of) => of.taxYear))].sort((a, b) => a - b);
    const transmissionsShown = (year: number) =>
      transmissions
        .filter((t) => t.taxYear === year)
        .map((t) => ({
          transmittedAt: t.transmittedAt.toISOString(),
          // The versions it sent, by their path in this export and the SHA-256 of their bytes.
          documents: t.versionIds.map((versionId) => {
            const shown = exportedById.get(versionId);
            return { path: shown?.path ?? null, originalName: shown?.version.originalName ?? null, sha256: shown?.version.sha256 ?? null };
          }),
        }));
    const expertWorkShown = (year: number) => {
      const work = expertWork.find((w) => w.taxYear === year);
      if (!work) return null;
      return {
        handledBy: actorShown(personId, work.handledBy, (id) => roles.get(id)),
        assignedAt: work.assignedAt,
        filedOn: work.filedOn,
        documentRequests: work.documentRequests.map(({ categoryId, note, createdAt, fulfilledAt }) => ({
          categoryId,
          category: findCategory(categoryId)?.name ?? null,
          note,
          createdAt,
          fulfilledAt,
        })),
      };
    };
    const files: Array<[string, Buffer]> = [
      ['account.json', jsonFile(accountFile)],
      ...years.flatMap((year): Array<[string, Buffer]> => [
        [`tax-years/${year}/tax-profile.json`, jsonFile(profiles.find((p) => p.taxYear === year) ?? null)],
        [`tax-years/${year}/declarations.json`, jsonFile(declarations.filter((d) => d.taxYear === year))],
        [`tax-years/${year}/transmissions.json`, jsonFile({ transmissions: transmissionsShown(year) })],
        [`tax-years/${year}/expert-work.json`, jsonFile(expertWorkShown(year))],
      ]),
      ['advanced-tax-info.json', jsonFile({ years: advancedTaxInfo })],
      ['messages.json', jsonFile({ messages })],
      ['notifications.json', jsonFile({ notifications })],
      ['audit.json', jsonFile({ events: auditShown(personId, events, (id) => roles.get(id)) })],
      ['document-reads.json', jsonFile({ reads: reads.map((read) => ({ path: exportedById.get(read.versionId)?.path ?? null, ...read })) })],
    ];
    const { json: manifestJson, csv } = manifests(exported, prepared);
    files.push(['manifest.json', jsonFile(manifestJson)], ['manifest.csv', Buffer.from(csv, 'utf8')]);
    const summary = await exportSummaryPdf(isActiveLanguage(record.language) ? record.language : 'en', {
      name: `${record.firstName} ${record.lastName}`.trim(),
      email: record.email,
      madeAt,
      recipients,
      documentVersionCount: exported.length,
    });
    files.unshift(['summary.pdf', Buffer.from(summary)]);

    // A version that cannot be read cuts the archive there; the log names its id, never its name.
    const failed = (what: string, ids: Record<string, number>) => (error: unknown) =>
      log.error({ err: error, userId: personId, ...ids }, `data export: ${what} could not be read; the download was cut there`);
    return [
      ...files.map(([path, bytes]): ZipEntry => ({ path, size: bytes.length, modifiedAt: madeAt, open: async () => Readable.from([bytes]) })),
      ...exported.map(({ version, path }) =>
        checkedEntry(path, version, () => deps.documents.decrypted(version), failed('a document', { versionId: version.versionId })),
      ),
      ...prepared.map(({ version, path }) =>
        checkedEntry(path, version, () => deps.preparedReturns.decrypted(version), failed('a prepared return', { taxYear: version.taxYear, version: version.version })),
      ),
    ];
  }

  /**
   * The export of `personId`, by `actorUserId` (the person, or an administrator `onBehalf`). A HEAD
   * (`bodyless`) answers the same length and name, and neither opens a document, counts nor records.
   */
  async function open(actorUserId: number, personId: number, { onBehalf = false, bodyless = false } = {}): Promise<OpenedExport> {
    const account = await users.findAccount(personId);
    if (!account) throw new AppError(404, 'NOT_FOUND', 'No user with this id', 'userId');
    const madeAt = clock();
    if (!bodyless) {
      const event = { action: EXPORT_ACTION, outcome: 'success' as const, actorUserId, subjectUserId: personId, details: { onBehalf } };
      const allowed = await allowance.take(event, madeAt, !onBehalf);
      if (!allowed.granted) {
        const seconds = Math.max(1, Math.ceil((allowed.retryAt.getTime() - madeAt.getTime()) / 1000));
        throw new AppError(
          429,
          'EXPORT_RATE_LIMITED',
          `You have used the data exports of the last 24 hours; try again at ${allowed.retryAt.toISOString()}`,
          undefined,
          { 'Retry-After': String(seconds) },
          undefined,
          { retryAt: allowed.retryAt.toISOString() },
        );
      }
    }
    const { stream, length } = zipStream(await entries(personId, account, madeAt));
    return { fileName: accountExportFileName(madeAt), length, stream };
  }

  return {
    /** GET /api/account/export/allowance: what is left of the day's exports. */
    async allowance(userId: number): Promise<AccountExportAllowance> {
      const { left, freesAt } = await allowance.left(userId, clock());
      return { limit: ACCOUNT_EXPORTS_PER_DAY, left, freesAt: freesAt?.toISOString() ?? null };
    },
    /** GET /api/account/export: the signed-in person's own data (a few a day). */
    ownExport: (userId: number, options: { bodyless?: boolean } = {}) => open(userId, userId, options),
    /** GET /api/admin/users/:userId/export: an administrator's, for a person who asked by other means. */
    exportOnBehalf: (adminId: number, userId: number, options: { bodyless?: boolean } = {}) => open(adminId, userId, { ...options, onBehalf: true }),
  };
}

export type AccountExportService = ReturnType<typeof createAccountExportService>;
