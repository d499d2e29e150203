import {
  findCategory,
  type AdvancedTaxInfoResponse,
  type ClientFileResponse,
  type DocumentRequestSummary,
  type ExpertSummary,
  type RevealableField,
  type RevealResponse,
} from '@taxli/domain';
import type { AuditLog } from '../../lib/audit.repository.js';
import { openText } from '../../storage/sealed-text.js';
import type { AdvancedTaxInfoService } from '../advanced-tax-info/advanced-tax-info.service.js';
import type { FilesService } from '../files/files.service.js';
import type { TaxProfileService } from '../tax-profile/tax-profile.service.js';
import type { TaxStatusService } from '../tax-status/tax-status.service.js';
import { taxAddressOf, type UserService } from '../users/user.service.js';
import { DOCUMENT_REQUEST_NOTE_SEAL } from './document-request-note.js';
import type { DocumentRequestRepository, StoredDocumentRequest } from './document-request.repository.js';
import { maskSecret } from './mask-secret.js';
import type { PreparedReturnRepository } from './prepared-return.repository.js';
import { preparedReturnSummary } from './prepared-return.service.js';
import type { ReturnCaseRepository } from './return-case.repository.js';
import { returnNotFound, type ReturnLookup } from './return-in-queue.js';

export interface Actor {
  userId: number;
  isAdmin: boolean;
}

export interface ClientFileDeps {
  returnStatus: ReturnLookup;
  users: Pick<UserService, 'findRecord' | 'findNamed'>;
  taxProfile: Pick<TaxProfileService, 'get' | 'findLatestDeclaration'>;
  advancedTaxInfo: Pick<AdvancedTaxInfoService, 'get'>;
  taxStatus: Pick<TaxStatusService, 'latestTransmission'>;
  files: Pick<FilesService, 'versionsOfYear'>;
  cases: ReturnCaseRepository;
  requests: DocumentRequestRepository;
  preparedReturns: PreparedReturnRepository;
  audit: AuditLog;
  /** Opens the sealed notes of document requests. */
  masterKey: Buffer;
}

/** A request as both sides see it: its note opened (it was sealed at rest). */
export function requestSummary(masterKey: Buffer, request: StoredDocumentRequest): DocumentRequestSummary {
  return {
    id: request.id,
    categoryId: request.categoryId,
    note: request.sealedNote ? openText(masterKey, DOCUMENT_REQUEST_NOTE_SEAL, request.sealedNote) : '',
    createdAt: request.createdAt.toISOString(),
    fulfilledAt: request.fulfilledAt?.toISOString() ?? null,
  };
}

/** What the client file shows of the AHV number and the tax IDs until one is revealed (D12). */
function masked(info: AdvancedTaxInfoResponse): AdvancedTaxInfoResponse {
  return {
    ...info,
    spouse: info.spouse && { ...info.spouse, ahvNumber: info.spouse.ahvNumberMasked, taxId: maskSecret(info.spouse.taxId) },
    authorization: info.authorization && { ...info.authorization, tinNumber: maskSecret(info.authorization.tinNumber) },
  };
}

/** The full value behind a masked field of the client file ('' when none was given). */
function revealed(info: AdvancedTaxInfoResponse, field: RevealableField): string {
  if (field === 'spouseAhvNumber') return info.spouse?.ahvNumber ?? '';
  if (field === 'spouseTaxId') return info.spouse?.taxId ?? '';
  return info.authorization?.tinNumber ?? '';
}

/**
 * The client file (issue 27 item 3): everything an expert works from for one person's year, read
 * through each owner's service; opening it and revealing a masked value are audit events (D12, D18).
 */
export function createClientFileService(deps: ClientFileDeps) {
  const { returnStatus, users, taxProfile, advancedTaxInfo, taxStatus, files, cases, requests, preparedReturns, audit, masterKey } = deps;

  async function assigneeOf(userId: number, taxYear: number): Promise<{ assignee: ExpertSummary | null; filedOn: string | null }> {
    const theCase = await cases.find(userId, taxYear);
    const account = theCase?.assigneeUserId == null ? undefined : await users.findNamed(theCase.assigneeUserId);
    return {
      assignee: account ? { userId: account.id, firstName: account.firstName, lastName: account.lastName } : null,
      filedOn: theCase?.filedOn ?? null,
    };
  }

  return {
    async get(actor: Actor, userId: number, taxYear: number): Promise<ClientFileResponse> {
      const status = await returnStatus(userId, taxYear);
      const [record, profile, declaration, info, transmission, versions, handling, yearRequests, prepared] = await Promise.all([
        users.findRecord(userId, taxYear),
        taxProfile.get(userId, taxYear),
        taxProfile.findLatestDeclaration(userId, taxYear),
        advancedTaxInfo.get(userId, taxYear),
        taxStatus.latestTransmission(userId, taxYear),
        files.versionsOfYear(userId, taxYear),
        assigneeOf(userId, taxYear),
        requests.forYear(userId, taxYear),
        preparedReturns.latest(userId, taxYear),
      ]);
      // returnStatus found the person; only a deletion in between gets here.
      if (!record) throw returnNotFound(taxYear);
      const frozen = new Set(transmission?.versionIds ?? []);
      await audit.record({ action: 'expert.read_client_file', outcome: 'success', actorUserId: actor.userId, subjectUserId: userId, details: { taxYear } });
      return {
        userId,
        taxYear,
        status,
        profile: {
          email: record.email,
          firstName: record.firstName,
          lastName: record.lastName,
          phone: record.phone,
          language: record.language,
          salutation: record.salutation,
          dateOfBirth: record.dateOfBirth,
          jobName: record.jobName,
          taxAddress: taxAddressOf(record),
        },
        taxProfile: profile,
        declaration: declaration ? { version: declaration.version, createdAt: declaration.createdAt.toISOString(), payload: declaration.payload } : null,
        advancedTaxInfo: masked(info),
        transmittedAt: transmission?.transmittedAt.toISOString() ?? null,
        files: versions.map((version) => ({
          versionId: version.versionId,
          documentId: version.documentId,
          categoryId: version.categoryId,
          categoryName: findCategory(version.categoryId)?.name ?? '',
          fileName: version.originalName,
          version: version.version,
          size: version.sizeBytes,
          sha256: version.sha256,
          contentType: version.contentType,
          uploadedAt: version.createdAt.toISOString(),
          transmitted: frozen.has(version.versionId),
        })),
        assignee: handling.assignee,
        requests: yearRequests.map((request) => requestSummary(masterKey, request)),
        preparedReturn: prepared ? preparedReturnSummary(prepared) : null,
        filedOn: handling.filedOn,
      };
    },

    /** POST …/reveal: one full value, audited with the field's name (never its value). */
    async reveal(actor: Actor, userId: number, taxYear: number, field: RevealableField): Promise<RevealResponse> {
      await returnStatus(userId, taxYear);
      const value = revealed(await advancedTaxInfo.get(userId, taxYear), field);
      await audit.record({ action: 'expert.reveal', outcome: 'success', actorUserId: actor.userId, subjectUserId: userId, details: { taxYear, field } });
      return { field, value };
    },
  };
}

export type ClientFileService = ReturnType<typeof createClientFileService>;
