import { z } from 'zod';
import { databaseId } from './database-id.js';
import { statusIdSchema } from './tax-status.js';
import { CATEGORY_SECTIONS, DOCUMENT_CATEGORIES, REQUIRED_CATEGORY_IDS, type CategorySection } from '../categories.js';

/** DECISIONS D7: at most 50 MB per file. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 20;
/** Uploads one account may have running at once; the next is refused with 429 TOO_MANY_UPLOADS. */
export const MAX_CONCURRENT_UPLOADS = 4;

/**
 * Why a file of this size is refused before it is sent, or undefined: the server would refuse it
 * whole (over 50 MB, or empty), so the browser says so at once instead of hashing and sending it.
 */
export function uploadSizeProblem(bytes: number): 'FILE_TOO_LARGE' | 'EMPTY_FILE' | undefined {
  if (bytes > MAX_UPLOAD_BYTES) return 'FILE_TOO_LARGE';
  if (bytes === 0) return 'EMPTY_FILE';
  return undefined;
}

export const MAX_FILE_NAME_LENGTH = 255;

/** Lowercase hex SHA-256, as the browser computes it before the upload. */
export const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Why a file name is refused, or undefined when it is fine. Names are shown back to the user and
 * put into download headers, never used as paths; the rule still refuses what no document needs.
 */
export function fileNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'The file name is empty';
  if (name.length > MAX_FILE_NAME_LENGTH) return `The file name is longer than ${MAX_FILE_NAME_LENGTH} characters`;
  if (/[/\\]/.test(name)) return 'The file name contains a slash or backslash';
  // eslint-disable-next-line no-control-regex -- control characters are what this rule looks for
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name)) return 'The file name contains control characters';
  // Direction marks make "inv\u202Efdp.exe" look like "invexe.pdf" to the expert who downloads it.
  if (/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(name)) return 'The file name contains text-direction characters';
  if (/^\.+$/.test(name.trim())) return 'The file name consists of dots only';
  return undefined;
}

/** A text form field that must be there, trimmed; `message` when it is missing or blank. */
const requiredField = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * The form fields of POST /api/files/upload as they arrive (multipart fields are text). The year's
 * range depends on the server's clock and is checked there; a known category is checked here.
 */
export const uploadFields = z.object({
  categoryId: requiredField('a document category is required')
    .pipe(z.coerce.number<string>({ error: 'must be a number' }).int('must be a number'))
    .refine((id) => DOCUMENT_CATEGORIES.some((c) => c.id === id), { error: (issue) => `there is no document category ${String(issue.input)}` }),
  taxYear: requiredField('a tax year is required').pipe(z.coerce.number<string>({ error: 'must be a whole year' }).int('must be a whole year')),
  hashes: z
    .array(z.string().trim().regex(SHA256_HEX, 'every hash must be 64 lowercase hexadecimal digits (SHA-256)'))
    .min(1, 'a SHA-256 hash is required for every file'),
});
export type UploadFields = z.output<typeof uploadFields>;

export const DOCUMENT_CATEGORY_MODES = ['basic', 'all'] as const;
export type DocumentCategoryMode = (typeof DOCUMENT_CATEGORY_MODES)[number];

export const documentCategoriesQuery = z.object({
  taxYear: z.coerce.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year').optional(),
  mode: z.enum(DOCUMENT_CATEGORY_MODES, { error: 'mode must be basic or all' }).optional(),
});

export const filesQuery = z.object({
  taxYear: z.coerce.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year'),
});

export const fileIdParams = z.object({
  id: databaseId(z.coerce.number({ error: 'The file id must be a number' }), 'The file id'),
});

export const fileVersionParams = fileIdParams.extend({
  version: databaseId(z.coerce.number({ error: 'The version must be a number' }), 'The version'),
});

/** PATCH /api/files/{id}: move a document to another category (DECISIONS D3 ids, D7). */
export const moveFileBody = z.strictObject({
  categoryId: z
    .number({ error: 'categoryId must be a number' })
    .int('categoryId must be a whole number')
    .refine((id) => DOCUMENT_CATEGORIES.some((c) => c.id === id), { error: (issue) => `there is no document category ${String(issue.input)}` }),
});
export type MoveFileBody = z.output<typeof moveFileBody>;

/* The answers below are zod schemas (their types inferred), checked against every answer in the API tests. */

/** What DELETE /api/files/{id} and DELETE /api/files/{id}/versions/{version} answer. */
export const deleteFileResponse = z.strictObject({
  fileId: z.number(),
  taxYear: z.number(),
  /** The versions removed, newest first; their data keys and blobs are gone. */
  deletedVersions: z.array(z.number()),
  /** True when no version is left, so the document itself is gone. */
  fileDeleted: z.boolean(),
  /** The year's tax status after the change (3 → 2 when a required category was emptied). */
  current_status_id: statusIdSchema,
});
export type DeleteFileResponse = z.infer<typeof deleteFileResponse>;

/** What PATCH /api/files/{id} answers. */
export const moveFileResponse = z.strictObject({
  fileId: z.number(),
  taxYear: z.number(),
  categoryId: z.number(),
  current_status_id: statusIdSchema,
});
export type MoveFileResponse = z.infer<typeof moveFileResponse>;

export const fileContentQuery = z.object({
  inline: z.enum(['0', '1']).optional(),
});

export const documentCategoryResponse = z.strictObject({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  section: z.enum(CATEGORY_SECTIONS),
  required: z.boolean(),
});
export type DocumentCategoryResponse = z.infer<typeof documentCategoryResponse>;

const SECTION_DESCRIPTIONS: Record<CategorySection, string> = {
  required: 'Required for every tax return',
  investments: 'Investments',
  realEstate: 'Real estate',
  foreignIncome: 'Foreign income',
  deductions: 'Deductions',
  spouse: 'Spouse',
  children: 'Children',
  authorization: 'Authorization',
};

const required = new Set<number>(REQUIRED_CATEGORY_IDS);

/**
 * GET /api/document-categories' answer (DECISIONS D3): `basic` the six required categories, `all`
 * every one. Names are English; the web app translates them by id, and falls back on the basic
 * list when none load (part 1 §9).
 */
export function documentCategoryList(mode: DocumentCategoryMode): DocumentCategoryResponse[] {
  return DOCUMENT_CATEGORIES.filter((c) => mode === 'all' || required.has(c.id)).map((c) => ({
    id: c.id,
    name: c.name,
    description: SECTION_DESCRIPTIONS[c.section],
    section: c.section,
    required: required.has(c.id),
  }));
}

/** One document (its latest version) in GET /api/files. */
export const fileRecord = z.strictObject({
  id: z.number(),
  filename: z.string(),
  originalFileName: z.string(),
  fileName: z.string(),
  name: z.string(),
  categoryId: z.number(),
  categoryName: z.string(),
  taxYear: z.number(),
  /** When the latest version was uploaded (ISO). */
  uploadedAt: z.string(),
  /** When the first version was uploaded (ISO). */
  createdAt: z.string(),
  blobUrl: z.string(),
  size: z.number(),
  version: z.number(),
  versionCount: z.number(),
  sha256: z.string(),
});
export type FileRecord = z.infer<typeof fileRecord>;

/** One entry of GET /api/files/{id}/history, newest first. */
export const fileVersionEntry = z.strictObject({
  version: z.number(),
  createdAt: z.string(),
  blobUrl: z.string(),
  filename: z.string(),
  size: z.number(),
  sha256: z.string(),
});
export type FileVersionEntry = z.infer<typeof fileVersionEntry>;

export const UPLOAD_REJECT_CODES = ['HASH_MISMATCH', 'FILE_TOO_LARGE', 'EMPTY_FILE', 'INVALID_FILE_NAME', 'UNSUPPORTED_FILE_TYPE'] as const;
export type UploadRejectCode = (typeof UPLOAD_REJECT_CODES)[number];

export const uploadResult = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('fulfilled'),
    value: z.strictObject({
      originalFileName: z.string(),
      hash: z.string(),
      blobUrl: z.string(),
      fileId: z.number(),
      version: z.number(),
      isNewVersion: z.boolean(),
      /**
       * The name as sent held an AHV number (D12): it is stored, and `originalFileName` answers it,
       * with the number masked ('756.****.****.97'), so the number is nowhere at rest in clear.
       */
      ahvNumberMasked: z.boolean(),
    }),
  }),
  z.strictObject({ status: z.literal('rejected'), reason: z.string(), code: z.enum(UPLOAD_REJECT_CODES), originalFileName: z.string() }),
]);
export type UploadResult = z.infer<typeof uploadResult>;

/**
 * GET /api/files/usage: how much the account's stored document versions take (every year, every
 * version, as uploaded) and its quota; an upload past the quota is refused with 507 QUOTA_EXCEEDED.
 */
export const storageUsage = z.strictObject({ usedBytes: z.number(), quotaBytes: z.number() });
export type StorageUsage = z.infer<typeof storageUsage>;

export const uploadResponse = z.strictObject({ files: z.array(uploadResult), failedCount: z.number() });
export type UploadResponse = z.infer<typeof uploadResponse>;
