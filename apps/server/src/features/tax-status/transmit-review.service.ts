import {
  dashboardUrl,
  DEFAULT_LANGUAGE,
  findCategory,
  isActiveLanguage,
  SIGNED_POWER_OF_ATTORNEY_CATEGORY_ID,
  transmitBlocks as blocksFor,
  type ActiveLanguage,
  type TransmitBlock,
  type TransmitResponse,
  type TransmitReviewResponse,
  type TransmittedDocument,
} from '@taxli/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderTransmissionReceiptMail } from '../../mail/templates/transmission-receipt.js';
import type { ChecklistService } from './checklist.service.js';
import type { SectionReads, TaxStatusService } from './tax-status.service.js';
import { transmissionReceiptPdf } from './transmission-receipt-pdf.js';

/** What the year's answers promise for the transmit (the tax profile's and the Authorization tab's, D19). */
export interface TransmitPromises {
  /** The year's tax profile was reopened for editing and is not completed again. */
  taxProfileReopened: boolean;
  married: boolean;
  /** The person said they have a tax ID. */
  taxIdPromised: boolean;
  /** A tax ID is saved. */
  taxIdGiven: boolean;
  /** The Authorization tab's Power of Attorney toggle is on. */
  powerOfAttorneyChosen: boolean;
}

/** One stored version of the year's documents, as the files service reads it. */
export interface YearDocumentVersion {
  versionId: number;
  documentId: number;
  version: number;
  categoryId: number;
  originalName: string;
  sizeBytes: number;
  sha256: string;
}

export interface TransmitReviewDeps {
  taxStatus: Pick<TaxStatusService, 'currentStatusId' | 'transmit' | 'latestTransmission'>;
  sections: SectionReads;
  /** The personal checklist (D19), whose open items block the transmit. */
  checklist: Pick<ChecklistService, 'openItems'>;
  /** The year's documents (the files service's). */
  documents: {
    countByCategory(userId: number, taxYear: number): Promise<Record<string, number>>;
    versionsOfYear(userId: number, taxYear: number): Promise<YearDocumentVersion[]>;
  };
  promises(userId: number, taxYear: number): Promise<TransmitPromises>;
  /** The person's address, language and name (the users service's); undefined once the account is gone. */
  person(userId: number, taxYear: number): Promise<{ email: string; language: string; name: string } | undefined>;
  mailer: Mailer;
  /** The app's address, for the link in the receipt mail. */
  publicOrigin: string;
  log: FastifyBaseLogger;
}

/** Each block's refusal of a transmit, naming what blocks in words the user can act on. */
function refusal(block: TransmitBlock): AppError {
  switch (block.code) {
    case 'TAX_PROFILE_INCOMPLETE':
      return new AppError(409, 'TAX_PROFILE_INCOMPLETE', 'Your tax profile was reopened for editing: complete it again before transmitting.');
    case 'ADVANCED_INFO_INCOMPLETE':
      return new AppError(409, 'ADVANCED_INFO_INCOMPLETE', 'Complete the Advanced Tax Information section before transmitting.');
    case 'CHECKLIST_INCOMPLETE':
      return new AppError(409, 'CHECKLIST_INCOMPLETE', `The checklist item "${findCategory(block.categoryId)?.name ?? block.categoryId}" has no document yet.`);
    case 'TAX_ID_MISSING':
      return new AppError(409, 'TAX_ID_MISSING', 'You said you have a tax ID: enter it under Advanced Tax Information → Authorization before transmitting.');
    case 'SIGNED_POWER_OF_ATTORNEY_MISSING':
      return new AppError(
        409,
        'SIGNED_POWER_OF_ATTORNEY_MISSING',
        `Upload the signed power of attorney before transmitting (${block.needed} needed${block.needed > 1 ? ', one per spouse' : ''}; ${block.uploaded} uploaded).`,
      );
  }
}

const languageOf = (value: string): ActiveLanguage => (isActiveLanguage(value) ? value : DEFAULT_LANGUAGE);

/**
 * Review and submit (issue 28, D19): what still blocks the transmit, the transmit itself refused
 * while any block remains, and its receipt, by mail and as a PDF.
 */
export function createTransmitReviewService(deps: TransmitReviewDeps) {
  const { taxStatus, sections, checklist, documents, promises, person, mailer, publicOrigin, log } = deps;

  /** The personal checklist's open items (D19): the same rule the 2 → 3 move counts. */
  async function openChecklistItems(userId: number, taxYear: number): Promise<number[]> {
    return (await checklist.openItems(userId, taxYear)).map((item) => item.categoryId);
  }

  /** Every block of the year's transmit, in the order the transmit names the first. */
  async function transmitBlocks(userId: number, taxYear: number): Promise<TransmitBlock[]> {
    const [openItems, counts, completedAt, promised] = await Promise.all([
      openChecklistItems(userId, taxYear),
      documents.countByCategory(userId, taxYear),
      sections.completedAt(userId, taxYear),
      promises(userId, taxYear),
    ]);
    return blocksFor({
      openChecklistCategoryIds: openItems,
      advancedInfoCompleted: completedAt !== null,
      ...promised,
      signedPowerOfAttorneys: counts[String(SIGNED_POWER_OF_ATTORNEY_CATEGORY_ID)] ?? 0,
    });
  }

  /** The year's latest transmission and exactly the versions it froze, or null before the first. */
  async function transmission(userId: number, taxYear: number): Promise<{ transmittedAt: Date; documents: TransmittedDocument[] } | null> {
    const latest = await taxStatus.latestTransmission(userId, taxYear);
    if (!latest) return null;
    const sent = new Set(latest.versionIds);
    const versions = await documents.versionsOfYear(userId, taxYear);
    return {
      transmittedAt: latest.transmittedAt,
      documents: versions
        .filter((v) => sent.has(v.versionId))
        .map((v) => ({ documentId: v.documentId, version: v.version, categoryId: v.categoryId, fileName: v.originalName, size: v.sizeBytes, sha256: v.sha256 })),
    };
  }

  /** The receipt mail, after the transmit is committed: a failed send is logged (never the address) and undoes nothing. */
  async function mailReceipt(userId: number, taxYear: number, transmittedAt: Date, documentCount: number): Promise<void> {
    try {
      const recipient = await person(userId, taxYear);
      if (!recipient) return;
      const link = new URL(dashboardUrl(taxYear), publicOrigin).href;
      await mailer.send({ to: recipient.email, ...renderTransmissionReceiptMail(languageOf(recipient.language), { taxYear, transmittedAt, documentCount, link }) });
    } catch (error) {
      log.error({ err: error }, 'transmission receipt mail failed');
    }
  }

  return {
    transmitBlocks,

    async review(userId: number, taxYear: number): Promise<TransmitReviewResponse> {
      const statusId = await taxStatus.currentStatusId(userId, taxYear);
      const [blocks, sent] = await Promise.all([statusId <= 3 ? transmitBlocks(userId, taxYear) : [], transmission(userId, taxYear)]);
      return {
        taxYear,
        current_status_id: statusId,
        blocks,
        transmission: sent && { transmittedAt: sent.transmittedAt.toISOString(), documents: sent.documents },
      };
    },

    /**
     * 3 → 4 once nothing blocks: `confirmed: false` is refused, then a year at status 3 with a block
     * is refused with the first block's code; the status rules (status 3, section complete) are
     * checked again inside the status transaction. Then the receipt mail.
     */
    async transmit(userId: number, taxYear: number, confirmed: boolean | undefined): Promise<TransmitResponse> {
      if (confirmed === false) {
        throw new AppError(400, 'CONFIRMATION_REQUIRED', 'Confirm that your details and documents are complete and correct before transmitting.', 'confirmed');
      }
      if ((await taxStatus.currentStatusId(userId, taxYear)) === 3) {
        const [first] = await transmitBlocks(userId, taxYear);
        if (first) throw refusal(first);
      }
      const answer = await taxStatus.transmit(userId, taxYear);
      await mailReceipt(userId, taxYear, new Date(answer.transmittedAt), answer.fileCount);
      return answer;
    },

    /** GET /api/tax/receipt: the latest transmission's receipt as a PDF in the person's language. */
    async receiptPdf(userId: number, taxYear: number): Promise<Uint8Array> {
      const [sent, who] = await Promise.all([transmission(userId, taxYear), person(userId, taxYear)]);
      if (!sent || !who) throw new AppError(404, 'NOT_TRANSMITTED', `The documents for ${taxYear} have not been transmitted yet, so there is no receipt.`);
      return transmissionReceiptPdf(languageOf(who.language), { taxYear, transmittedAt: sent.transmittedAt, name: who.name, email: who.email, documents: sent.documents });
    },
  };
}

export type TransmitReviewService = ReturnType<typeof createTransmitReviewService>;
