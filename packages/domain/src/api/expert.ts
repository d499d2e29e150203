import { z } from 'zod';
import { databaseId } from './database-id.js';
import { sendMessageBody } from './messages.js';
import { storedTaxAddress } from './user.js';
import { withTextRules } from '../text.js';
import { advancedTaxInfoResponse } from './advanced-tax-info.js';
import { taxProfileResponse } from './tax-profile.js';

/**
 * The expert back office (issue 27, DECISIONS D18): the queue of returns, the client file, the
 * documents, the two-way thread, document requests and the statuses 4 → 5 → 6. Every route under
 * /api/expert is for experts and admins; every read of a person's data is an audit event (D12).
 */

/** The statuses a return shows in the queue: from 3 (documents complete) on. */
export const QUEUE_STATUS_IDS = [3, 4, 5, 6] as const;
/** A queue page: enough for one screen, small enough for one indexed query. */
export const QUEUE_PAGE_SIZE = 50;
/** A request's or a status change's note, and a search. */
export const EXPERT_NOTE_MAX_LENGTH = 2000;
export const QUEUE_SEARCH_MAX_LENGTH = 254;
/** The prepared return is one PDF of at most this size. */
export const PREPARED_RETURN_MAX_BYTES = 50 * 1024 * 1024;

const id = (label: string) => z.coerce.number({ error: `${label} must be a number` }).pipe(databaseId(z.number(), label));
const year = z.coerce.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year').min(1900, 'taxYear is out of range').max(2999, 'taxYear is out of range');

export const ASSIGNEE_FILTERS = ['me', 'none', 'any'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];

/** GET /api/expert/returns: the queue's filters; `cursor` is the `nextCursor` of the page before. */
export const expertQueueQuery = z.object({
  status: z.coerce
    .number({ error: 'status must be a number' })
    .int('status must be a whole number')
    .min(3, 'status must be 3 to 6')
    .max(6, 'status must be 3 to 6')
    .optional(),
  taxYear: year.optional(),
  q: withTextRules(z.string().trim().max(QUEUE_SEARCH_MAX_LENGTH, 'q is too long'), 'q').optional(),
  assignee: z.enum(ASSIGNEE_FILTERS, { error: "assignee must be 'me', 'none' or 'any'" }).default('any'),
  cursor: withTextRules(z.string().max(200, 'cursor is too long'), 'cursor').optional(),
});
export type ExpertQueueQuery = z.input<typeof expertQueueQuery>;
export type ExpertQueueFilter = z.output<typeof expertQueueQuery>;

/** Who handles a return: the expert's id and name (the person sees the first name only). */
export const expertSummary = z.strictObject({ userId: z.number(), firstName: z.string(), lastName: z.string() });
export type ExpertSummary = z.infer<typeof expertSummary>;

export const queueRow = z.strictObject({
  userId: z.number(),
  taxYear: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** The canton of residence of the year's tax profile (slug, 'zurich'); null when not answered. */
  canton: z.string().nullable(),
  status: z.number(),
  /** The latest transmission of the year; null before the first one (status 3). */
  transmittedAt: z.string().nullable(),
  assignee: expertSummary.nullable(),
  openRequests: z.number(),
  /** The person's messages of this year that no expert has read yet. */
  unreadMessages: z.number(),
});
export type QueueRow = z.infer<typeof queueRow>;

export const expertQueueResponse = z.strictObject({
  returns: z.array(queueRow),
  /** The cursor of the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type ExpertQueueResponse = z.infer<typeof expertQueueResponse>;

/** `/api/expert/returns/:userId/:taxYear…`: one person's year. */
export const returnParams = z.object({ userId: id('userId'), taxYear: year });
export type ReturnParams = z.input<typeof returnParams>;

/** POST …/assign: without `assigneeId`, to the caller; only an admin may name another expert. */
export const assignBody = z.strictObject({ assigneeId: databaseId(z.number({ error: 'assigneeId must be a number' }), 'assigneeId').optional() });
export type AssignBody = z.input<typeof assignBody>;

export const assignResponse = z.strictObject({
  userId: z.number(),
  taxYear: z.number(),
  assignee: expertSummary,
  assignedAt: z.string(),
});
export type AssignResponse = z.infer<typeof assignResponse>;

/** One stored version of a document, as the expert sees it. */
export const clientFileVersion = z.strictObject({
  versionId: z.number(),
  documentId: z.number(),
  categoryId: z.number(),
  categoryName: z.string(),
  fileName: z.string(),
  version: z.number(),
  size: z.number(),
  sha256: z.string(),
  contentType: z.string(),
  uploadedAt: z.string(),
  /** Part of the latest transmission (frozen), or added after it (marked in the file). */
  transmitted: z.boolean(),
});
export type ClientFileVersion = z.infer<typeof clientFileVersion>;

export const REVEALABLE_FIELDS = ['spouseAhvNumber', 'spouseTaxId', 'taxId'] as const;
export type RevealableField = (typeof REVEALABLE_FIELDS)[number];

export const documentRequestSummary = z.strictObject({
  id: z.number(),
  categoryId: z.number(),
  note: z.string(),
  createdAt: z.string(),
  /** When a file arrived in the category after the request; null while open. */
  fulfilledAt: z.string().nullable(),
});
export type DocumentRequestSummary = z.infer<typeof documentRequestSummary>;

export const preparedReturnSummary = z.strictObject({
  version: z.number(),
  size: z.number(),
  sha256: z.string(),
  uploadedAt: z.string(),
});
export type PreparedReturnSummary = z.infer<typeof preparedReturnSummary>;

/**
 * GET /api/expert/returns/:userId/:taxYear: everything the expert works from. The AHV number and the
 * tax IDs are masked; each is revealed by POST …/reveal, one at a time, audited.
 */
export const clientFileResponse = z.strictObject({
  userId: z.number(),
  taxYear: z.number(),
  status: z.number(),
  profile: z.strictObject({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    language: z.string(),
    salutation: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    jobName: z.string(),
    taxAddress: storedTaxAddress,
  }),
  taxProfile: taxProfileResponse.nullable(),
  /** The latest declaration of the year (part 2 §3 payload), null when none was saved. */
  declaration: z.strictObject({ version: z.number(), createdAt: z.string(), payload: z.unknown() }).nullable(),
  /** Advanced Tax Information with the spouse's AHV number and every tax ID masked. */
  advancedTaxInfo: advancedTaxInfoResponse,
  transmittedAt: z.string().nullable(),
  files: z.array(clientFileVersion),
  assignee: expertSummary.nullable(),
  requests: z.array(documentRequestSummary),
  preparedReturn: preparedReturnSummary.nullable(),
  /** The day the expert filed the return with the canton (YYYY-MM-DD). */
  filedOn: z.string().nullable(),
});
export type ClientFileResponse = z.infer<typeof clientFileResponse>;

export const revealBody = z.strictObject({ field: z.enum(REVEALABLE_FIELDS, { error: `field must be one of ${REVEALABLE_FIELDS.join(', ')}` }) });
export type RevealBody = z.input<typeof revealBody>;
export const revealResponse = z.strictObject({ field: z.enum(REVEALABLE_FIELDS), value: z.string() });
export type RevealResponse = z.infer<typeof revealResponse>;

/** GET …/documents/:versionId: one stored version, decrypted. */
export const returnDocumentParams = returnParams.extend({ versionId: id('versionId') });

/** One message of a person's year, on either side. */
export const threadMessage = z.strictObject({
  id: z.number(),
  from: z.enum(['person', 'expert']),
  /** The expert's first name on an expert's message; the person's own first name otherwise. */
  authorFirstName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** When the other side read it; null while unread. */
  readAt: z.string().nullable(),
});
export type ThreadMessage = z.infer<typeof threadMessage>;

export const threadResponse = z.strictObject({
  taxYear: z.number(),
  messages: z.array(threadMessage),
  /** The other side's messages the caller had not read before this answer (reading marks them read). */
  unread: z.number(),
});
export type ThreadResponse = z.infer<typeof threadResponse>;

/** GET /api/messages?taxYear=: the person's thread of one year (the year in preparation when left out). */
export const threadQuery = z.object({ taxYear: year.optional() });

/** POST /api/expert/returns/:userId/:taxYear/messages */
export const expertMessageBody = sendMessageBody.pick({ message: true });
export const expertMessageResponse = threadMessage;

/** POST …/requests: ask the person for a document of a category. */
export const documentRequestBody = z.strictObject({
  categoryId: databaseId(z.number({ error: 'categoryId must be a number' }), 'categoryId'),
  note: withTextRules(
    z.string({ error: 'note must be text' }).trim().max(EXPERT_NOTE_MAX_LENGTH, `note must be at most ${EXPERT_NOTE_MAX_LENGTH} characters`),
    'note',
  ).default(''),
});
export type DocumentRequestBody = z.input<typeof documentRequestBody>;

/** POST …/status: 4 → 5 (needs a prepared return) or 5 → 4 (needs a note). */
export const expertStatusBody = z.strictObject({
  status: z.number({ error: 'status must be a number' }).int('status must be a whole number').min(4, 'status must be 4 or 5').max(5, 'status must be 4 or 5'),
  note: withTextRules(
    z.string({ error: 'note must be text' }).trim().max(EXPERT_NOTE_MAX_LENGTH, `note must be at most ${EXPERT_NOTE_MAX_LENGTH} characters`),
    'note',
  ).optional(),
});
export type ExpertStatusBody = z.input<typeof expertStatusBody>;

export const returnStatusResponse = z.strictObject({ userId: z.number(), taxYear: z.number(), status: z.number(), statusName: z.string() });
export type ReturnStatusResponse = z.infer<typeof returnStatusResponse>;

/** POST …/filed: the day the expert filed the return with the canton (not in the future). */
export const filedBody = z.strictObject({ filedOn: z.iso.date({ error: 'filedOn must be a date (YYYY-MM-DD)' }) });
export type FiledBody = z.input<typeof filedBody>;
export const filedResponse = z.strictObject({ userId: z.number(), taxYear: z.number(), filedOn: z.string() });

/** `?taxYear=` of the person's side (the year in preparation when left out). */
export const personYearQuery = z.object({ taxYear: year.optional() });
/** POST /api/tax/approve */
export const approveBody = z.strictObject({ taxYear: year });
/** POST /api/tax/request-changes: the person asks for changes with a message (5 → 4). */
export const requestChangesBody = z.strictObject({ taxYear: year, message: sendMessageBody.shape.message });

/**
 * GET /api/tax/return-progress?taxYear=: what the person's dashboard shows of the expert's work.
 * Before transmission every part is empty.
 */
export const returnProgressResponse = z.strictObject({
  taxYear: z.number(),
  status: z.number(),
  /** The expert's first name only. */
  expertFirstName: z.string().nullable(),
  openRequests: z.array(documentRequestSummary),
  preparedReturn: preparedReturnSummary.nullable(),
  filedOn: z.string().nullable(),
  unreadMessages: z.number(),
});
export type ReturnProgressResponse = z.infer<typeof returnProgressResponse>;
