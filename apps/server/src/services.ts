import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { inTransaction, type Database, type Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './mail/mailer.js';
import type { BlobStore } from './storage/blob-store.js';
import type { FreeDiskSpace } from './storage/free-disk-space.js';
import { createAuditLog, createAuditReader } from './lib/audit.repository.js';
import { createUserRepository } from './features/users/user.repository.js';
import { createUserService } from './features/users/user.service.js';
import type { ProfileSaveScope } from './features/users/user.routes.js';
import { createAuthService } from './features/auth/auth.service.js';
import { createLoginCodeRepository } from './features/auth/login-code.repository.js';
import { createPasskeyRepository } from './features/passkeys/passkey.repository.js';
import { createPasskeyService } from './features/passkeys/passkey.service.js';
import { createTaxStatusRepository } from './features/tax-status/tax-status.repository.js';
import { createTransmissionRepository } from './features/tax-status/transmission.repository.js';
import { createTaxStatusService, taxYearStatusesColumn } from './features/tax-status/tax-status.service.js';
import { createChecklistRepository } from './features/tax-status/checklist.repository.js';
import { createChecklistService } from './features/tax-status/checklist.service.js';
import { createTransmitReviewService } from './features/tax-status/transmit-review.service.js';
import { createAdvancedTaxInfoRepository } from './features/advanced-tax-info/advanced-tax-info.repository.js';
import { createAdvancedTaxInfoService, createSectionReads } from './features/advanced-tax-info/advanced-tax-info.service.js';
import { createNotificationsService } from './features/notifications/notifications.service.js';
import { createMessageRepository } from './features/messages/message.repository.js';
import { createMessageService } from './features/messages/message.service.js';
import { createThreadService } from './features/messages/thread.service.js';
import { createDocumentRequestRepository } from './features/expert/document-request.repository.js';
import { createPreparedReturnRepository } from './features/expert/prepared-return.repository.js';
import { createReturnCaseRepository } from './features/expert/return-case.repository.js';
import { createExpertWorkflowService } from './features/expert/expert-workflow.service.js';
import { createPersonNoticeMails, createYearNotices } from './features/expert/person-notices.js';
import { createFilesRepository } from './features/files/files.repository.js';
import { createDocumentReads, createFilesService } from './features/files/files.service.js';
import { createDocumentChangesRepository } from './features/files/document-changes.repository.js';
import { createBlobSweep } from './features/files/blob-sweep.js';
import { createStorageUsageRepository } from './features/files/storage-usage.repository.js';
import { createUploadQuota } from './features/files/upload-quota.js';
import { createAddressService } from './features/address/address.service.js';
import { BUILD_INFO, SERVER_VERSION } from './lib/version.js';
import { migrationState } from './db/migrations.js';
import { checkSchema } from './db/schema-check.js';
import { createAdminService } from './features/admin/admin.service.js';
import { createDebugRepository } from './features/debug/debug.repository.js';
import { createDebugService } from './features/debug/debug.service.js';
import { createTaxProfileRepository } from './features/tax-profile/tax-profile.repository.js';
import { createProfileAnswerReads, createTaxProfileService, taxProfileCompleteColumn, type SubmitScope } from './features/tax-profile/tax-profile.service.js';
import { createExpertDocumentsService } from './features/expert/expert-documents.service.js';
import { createPreparedReturnService } from './features/expert/prepared-return.service.js';
import { requireReturnInQueue } from './features/expert/return-in-queue.js';
import { createExpertQueueReadModel } from './read-models/expert-queue.repository.js';
import { createExpertQueueService } from './features/expert/expert-queue.service.js';
import { createClientFileService } from './features/expert/client-file.service.js';
import { createReturnProgressService } from './features/expert/return-progress.service.js';
import { createJobQueue } from './jobs/job-queue.js';
import { createExtractionRepository } from './features/extraction/extraction.repository.js';
import { createExtractionService } from './features/extraction/extraction.service.js';
import { createInboxService } from './features/extraction/inbox.service.js';
import { createDocumentReading, type ReadLimits } from './features/extraction/read-in-worker.js';
import { createDocumentFiguresService } from './features/expert/document-figures.service.js';
import { createAccountExportService } from './features/account-export/account-export.service.js';
import { createExportAllowance } from './features/account-export/export-allowance.repository.js';
import { createErasureService } from './features/erasure/erasure.service.js';
import { createRetentionSweep } from './features/erasure/retention-sweep.js';
import { ledgerFileOf } from './erasure/erasure-ledger-file.js';
import { createDeletionCodeService } from './features/auth/deletion-code.service.js';

/** How documents are read (issue 29): each read's limits, and the readers' module (tests pass fakes). */
export interface ExtractionSettings extends ReadLimits {
  /** A module exporting `readers` (features/extraction/read-document.ts by default). */
  readersModule?: URL;
}

/** A read gets a minute and 512 MB (OCR of an A4 photo stays under 500 MB, issue 29). */
export const DEFAULT_EXTRACTION_SETTINGS: ExtractionSettings = { timeBudgetMs: 60_000, memoryLimitMb: 512 };

export interface ServiceDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock: Clock;
  blobs: BlobStore;
  /** The blob directory's free disk, for the upload floor (undefined for S3). */
  freeDiskSpace: FreeDiskSpace;
  log: FastifyBaseLogger;
  extraction?: Partial<ExtractionSettings>;
}

/**
 * Every feature's service, built once with its dependencies written out: its own repositories, and
 * other features' services (never their repositories). Routes get the services they call.
 */
export function createServices({ config, database, mailer, clock, blobs, freeDiskSpace, log, extraction: extractionSettings }: ServiceDeps) {
  const { db } = database;
  // Jobs (reading documents) in the app's own database: pg-boss on PostgreSQL and PGlite alike.
  const jobs = createJobQueue(database, log);
  const auditOn = (on: Db) => createAuditLog(on, config.sessionSecret, clock);
  // What the status rules read of the documents and of the Advanced Tax Information section: their
  // owners' reads, on the same database handle or transaction.
  const documentReadsOn = (on: Db) => createDocumentReads(createFilesRepository(on));
  const sectionReadsOn = (on: Db) => createSectionReads(createAdvancedTaxInfoRepository(on));
  // What the checklist (D19) reads of the tax profile: the completed year's answers.
  const profileReadsOn = (on: Db) => createProfileAnswerReads(createTaxProfileRepository(on));
  const taxStatusOn = (on: Db) =>
    createTaxStatusService({
      statuses: createTaxStatusRepository(on),
      transmissions: createTransmissionRepository(on),
      sections: sectionReadsOn(on),
      audit: auditOn(on),
      clock,
      userExists: users.exists,
      // On a transaction this is a savepoint inside it.
      inTransaction: (work) =>
        inTransaction(on, (tx) =>
          work({
            statuses: createTaxStatusRepository(tx),
            transmissions: createTransmissionRepository(tx),
            documents: documentReadsOn(tx),
            sections: sectionReadsOn(tx),
            checklist: createChecklistRepository(tx),
            profiles: profileReadsOn(tx),
            audit: auditOn(tx),
          }),
        ),
    });
  const audit = auditOn(db);
  const usersOn = (on: Db) =>
    createUserService({
      // The record's flags kept by the tax profile and the tax status: columns their owners write.
      users: createUserRepository(on, { isTaxProfileComplete: taxProfileCompleteColumn, taxYearStatuses: taxYearStatusesColumn }),
      clock,
      secret: config.sessionSecret,
    });
  const users = usersOn(db);
  const auth = createAuthService({
    config,
    clock,
    mailer,
    codes: createLoginCodeRepository(db),
    users: users.accounts,
    audit,
    log,
    inTransaction: (work) => inTransaction(db, (tx) => work({ users: usersOn(tx).accounts, audit: auditOn(tx) })),
  });
  const passkeys = createPasskeyService({ config, clock, passkeys: createPasskeyRepository(db), users: users.accounts, audit, mailer, log });
  const taxStatus = taxStatusOn(db);
  // The person's checklist (D19): a mark, its audit event and the status move it brings in one transaction.
  const checklist = createChecklistService({
    checklist: createChecklistRepository(db),
    profiles: profileReadsOn(db),
    documents: documentReadsOn(db),
    statusOf: taxStatus.currentStatusId,
    clock,
    inTransaction: (work) =>
      inTransaction(db, (tx) => work({ checklist: createChecklistRepository(tx), profiles: profileReadsOn(tx), taxStatus: taxStatusOn(tx), audit: auditOn(tx) })),
  });
  const filesRepository = createFilesRepository(db);
  const files = createFilesService({
    files: filesRepository,
    blobs,
    masterKey: config.masterKey,
    clock,
    audit,
    log,
    uploadQuota: createUploadQuota({ usage: createStorageUsageRepository(db), limits: config.storageLimits, clock, freeDiskSpace }),
    advanceWhenDocumentsComplete: (userId, taxYear) => taxStatus.advanceWhenDocumentsComplete(userId, taxYear),
    documentsArrived: (userId, taxYear, categoryId, at) => expertWorkflow.fulfilRequests(userId, taxYear, categoryId, at),
    versionStored: (version) => extraction.versionStored(version),
    // Deleting or moving a document writes its rows, the year's status and the audit events together.
    inDocumentTransaction: (work) =>
      inTransaction(db, (tx) => work({ changes: createDocumentChangesRepository(tx), taxStatus: taxStatusOn(tx), audit: auditOn(tx) })),
  });
  // The wizard's final submit writes the person, the year's profile, its declaration, the status
  // and the audit event together: its own repository and the other features' services are built
  // on the transaction.
  const submitInTransaction =
    (on: Db) =>
    <T>(work: (scope: SubmitScope) => Promise<T>): Promise<T> =>
      inTransaction(on, (tx) =>
        work({
          profiles: createTaxProfileRepository(tx),
          personal: usersOn(tx).personal,
          taxStatus: taxStatusOn(tx),
          audit: auditOn(tx),
        }),
      );
  const taxProfileOn = (on: Db) =>
    createTaxProfileService({
      profiles: createTaxProfileRepository(on),
      users: usersOn(on),
      taxStatus: taxStatusOn(on),
      audit: auditOn(on),
      clock,
      inTransaction: submitInTransaction(on),
    });
  const taxProfile = taxProfileOn(db);
  // PUT /api/user/profile: its check, the final submit, the person's update and what the drafts
  // follow, in one transaction on each owner's service (user.routes.ts).
  const inProfileSave = <T>(work: (scope: ProfileSaveScope) => Promise<T>): Promise<T> =>
    inTransaction(db, (tx) => work({ users: usersOn(tx), taxProfile: taxProfileOn(tx) }));
  const startedAt = clock().toISOString();
  const admin = createAdminService({
    users,
    taxStatus,
    clock,
    audit,
    auditReader: createAuditReader(db),
    systemInfo: () => ({
      environment: config.nodeEnv,
      version: SERVER_VERSION,
      buildDate: BUILD_INFO.builtAt,
      commit: BUILD_INFO.commit,
      nodeVersion: process.version,
      database: database.driver === 'pg' ? 'postgresql' : 'embedded',
      blobStore: config.s3 ? 's3' : 'filesystem',
      debugTools: config.debugTools,
      startedAt,
    }),
    // A reset, a role or a plan change writes its rows and its audit event together.
    inTransaction: (work) =>
      inTransaction(db, async (tx) => {
        // Each owner's service on the transaction: the admin feature owns no table.
        const statuses = taxStatusOn(tx);
        const accounts = usersOn(tx);
        return work({
          transmittedYears: statuses.transmittedYears,
          markProfileIncomplete: accounts.markProfileIncomplete,
          reopenCompletedTaxProfiles: taxProfileOn(tx).reopenCompleted,
          resetYearsInPreparation: statuses.resetYearsInPreparation,
          changeRoleKeepingAnAdmin: accounts.changeRoleKeepingAnAdmin,
          changePlan: accounts.changePlan,
          audit: auditOn(tx),
        });
      }),
  });
  // The expert back office (issue 27): the experts' downloads read the documents and the status
  // through their owners' services; the prepared return's upload writes its row and audit event with
  // the year's status row locked, so a status change at the same moment cannot slip in between.
  const expertDocuments = createExpertDocumentsService({
    documents: files,
    statusOf: taxStatus.currentStatusId,
    taxStatus,
    audit,
    log,
  });
  const preparedReturns = createPreparedReturnService({
    preparedReturns: createPreparedReturnRepository(db),
    blobs,
    masterKey: config.masterKey,
    clock,
    audit,
    log,
    statusOf: taxStatus.currentStatusId,
    resolveYear: taxStatus.resolveYear,
    inTransaction: (work) =>
      inTransaction(db, (tx) => work({ lockedStatusId: taxStatusOn(tx).lockedStatusId, preparedReturns: createPreparedReturnRepository(tx), audit: auditOn(tx) })),
  });
  // The thread of a person's year with the experts (issue 27), on a database handle or a transaction.
  const threadOn = (on: Db) =>
    createThreadService({
      messages: createMessageRepository(on),
      masterKey: config.masterKey,
      clock,
      firstNameOf: async (userId) => (await usersOn(on).findRecord(userId))?.firstName,
    });
  const thread = threadOn(db);
  // The expert's work on a return: each step writes the status, the thread, the request or the
  // filing date and its audit event together, then mails the person.
  const expertWorkflow = createExpertWorkflowService({
    taxStatus,
    requests: createDocumentRequestRepository(db),
    preparedReturns: createPreparedReturnRepository(db),
    mails: createPersonNoticeMails({ mailer, publicOrigin: config.publicOrigin, log, recipientOf: users.accounts.findById }),
    audit,
    clock,
    masterKey: config.masterKey,
    inTransaction: (work) =>
      inTransaction(db, (tx) =>
        work({
          taxStatus: taxStatusOn(tx),
          thread: threadOn(tx),
          requests: createDocumentRequestRepository(tx),
          returnCases: createReturnCaseRepository(tx),
          audit: auditOn(tx),
        }),
      ),
  });
  const yearNotices = createYearNotices({ thread, requests: createDocumentRequestRepository(db), returnCases: createReturnCaseRepository(db) });
  const advancedTaxInfo = createAdvancedTaxInfoService({
    sections: createAdvancedTaxInfoRepository(db),
    files,
    taxCards: taxProfile,
    yearStatus: taxStatus,
    audit,
    clock,
    masterKey: config.masterKey,
  });
  // The expert feature's queue, client file and the person's view of the work (issue 27): its own
  // repositories, the other owners' services, and the one read model across owners for the queue.
  const returnCases = createReturnCaseRepository(db);
  const documentRequests = createDocumentRequestRepository(db);
  const preparedReturnRows = createPreparedReturnRepository(db);
  const returnStatus = (userId: number, taxYear: number) => requireReturnInQueue(taxStatus.currentStatusId, userId, taxYear);
  const expertQueue = createExpertQueueService({ queue: createExpertQueueReadModel(db), cases: returnCases, users, returnStatus, audit, clock });
  const clientFile = createClientFileService({
    returnStatus,
    users,
    taxProfile,
    advancedTaxInfo,
    taxStatus,
    files,
    cases: returnCases,
    requests: documentRequests,
    preparedReturns: preparedReturnRows,
    audit,
    masterKey: config.masterKey,
  });
  const returnProgress = createReturnProgressService({
    users,
    taxStatus,
    thread,
    cases: returnCases,
    requests: documentRequests,
    preparedReturns: preparedReturnRows,
    clock,
    masterKey: config.masterKey,
  });
  // Documents that read themselves (issue 29): the read job, the person's inbox (its questions read
  // the tax profile, Advanced Tax Information and the person through their services), the expert's figures.
  const settings = { ...DEFAULT_EXTRACTION_SETTINGS, ...extractionSettings };
  const extractions = createExtractionRepository(db);
  const extraction = createExtractionService({
    extractions,
    files,
    reading: createDocumentReading(settings, settings.readersModule),
    jobs,
    masterKey: config.masterKey,
    clock,
    log,
  });
  const inbox = createInboxService({
    extractions,
    files,
    masterKey: config.masterKey,
    clock,
    async householdFacts(userId, taxYear) {
      // One narrow read each (the inbox asks for these on every load): the whole `get`s of the tax
      // profile and Advanced Tax Information ran ten statements for these five facts. In turn, not
      // at once: three connections' checkouts cost the server more than two short round trips save
      // (docs/performance.md, "A quicker machine").
      const answers = await taxProfile.answers(userId, taxYear);
      const { spouseAhvNumber, sectionToggles } = await advancedTaxInfo.spouseAhvAndToggles(userId, taxYear);
      const record = await users.findRecord(userId, taxYear);
      return {
        employmentType: answers.employmentType,
        // What the person said: the Investments section's toggle, else the tax profile's answer, else nothing.
        investmentsOn: sectionToggles.investments ?? answers.hasInvestments ?? null,
        // Taxli does not ask for the person's own AHV number; the name stands in for it (document-questions.ts).
        personAhvNumber: null,
        spouseAhvNumber,
        personName: { firstName: record?.firstName ?? '', lastName: record?.lastName ?? '' },
      };
    },
  });
  const documentFigures = createDocumentFiguresService({ returnStatus, extraction, audit });
  // Review and submit (D19): what the answers promise, read through the tax profile's and the
  // Authorization tab's services; the receipt mail and PDF.
  const transmitReview = createTransmitReviewService({
    taxStatus,
    sections: sectionReadsOn(db),
    checklist,
    documents: files,
    async promises(userId, taxYear) {
      const [profile, info] = await Promise.all([taxProfile.get(userId, taxYear), advancedTaxInfo.get(userId, taxYear)]);
      const authorization = info.authorization;
      return {
        // A draft of the year's profile that is not completed: reopened for editing after Complete
        // (a person cannot reach status 3 otherwise; a year without any profile row is an administrator's).
        taxProfileReopened: profile.updatedAt !== null && !profile.isComplete,
        married: profile.answers.maritalStatus === 'married',
        taxIdPromised: profile.answers.hasTaxIdentificationNumber === true || authorization?.taxAddressEnabled === true,
        taxIdGiven: (authorization?.tinNumber ?? '') !== '',
        powerOfAttorneyChosen: authorization?.powerOfAttorneyEnabled === true,
      };
    },
    async person(userId, taxYear) {
      const record = await users.findRecord(userId, taxYear);
      return record && { email: record.email, language: record.language, name: `${record.firstName} ${record.lastName}`.trim() };
    },
    mailer,
    publicOrigin: config.publicOrigin,
    log,
  });
  const notifications = createNotificationsService({ users, yearNotices: yearNotices.forPerson });
  // "Download my data" (issue 30): every owner's read of the person, the documents decrypted as the
  // archive streams; the daily allowance is counted on the audit trail, in one transaction with its event.
  const accountExport = createAccountExportService({
    users,
    passkeys,
    taxProfile,
    advancedTaxInfo,
    thread,
    notifications,
    extraction,
    auditTrail: createAuditReader(db),
    documents: files,
    preparedReturns,
    transmissions: taxStatus,
    expertWork: returnProgress,
    allowance: createExportAllowance(db, auditOn),
    clock,
    log,
  });
  // "Delete my account" (issue 30): erasure crosses every owner's tables by the person's id (ADR 0020).
  const erasure = createErasureService({
    db,
    deletionCodes: createDeletionCodeService({ codes: createLoginCodeRepository(db), clock, mailer, audit, log, secret: config.sessionSecret }),
    mailer,
    clock,
    blobs,
    log,
    auditOn,
    settings: { secret: config.sessionSecret, ledgerFile: ledgerFileOf(config.dataDir) },
  });
  return {
    audit,
    admin,
    accountExport,
    erasure,
    retentionSweep: createRetentionSweep(erasure.eraseDueRetentions, log),
    transmitReview,
    debug: createDebugService({
      debug: createDebugRepository(db),
      migrations: { state: () => migrationState(db), apply: () => database.migrate() },
      checkSchema: () => checkSchema(db),
      users,
      taxStatus,
      taxProfile,
      audit,
      clock,
    }),
    taxProfile,
    users,
    inProfileSave,
    auth,
    passkeys,
    taxStatus,
    checklist,
    files,
    expertDocuments,
    preparedReturns,
    blobSweep: createBlobSweep({ blobs, files: filesRepository, otherReferences: [preparedReturns.referencedStorageKeys], log }),
    advancedTaxInfo,
    notifications,
    messages: createMessageService({
      messages: createMessageRepository(db),
      audit,
      clock,
      masterKey: config.masterKey,
      transmittedYears: taxStatus.transmittedYears,
    }),
    thread,
    expertWorkflow,
    expertQueue,
    clientFile,
    returnProgress,
    jobs,
    extraction,
    inbox,
    documentFigures,
    address: createAddressService({ nominatimUrl: config.nominatimUrl, userAgent: `Taxli/${SERVER_VERSION} (${config.publicOrigin})` }),
  };
}

export type Services = ReturnType<typeof createServices>;
