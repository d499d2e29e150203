import { z } from 'zod';
import { databaseId } from './database-id.js';

/**
 * Documents that read themselves (issue 29): what a background job read out of a stored file.
 * Amounts are the decimal strings the document wrote ("68000.00"), never numbers: a float would
 * change a franc amount. AHV numbers found are shown masked (D12), like every AHV number.
 */
export const EXTRACTION_STATUSES = ['pending', 'done', 'none', 'failed'] as const;
export const EXTRACTION_KINDS = ['ech-0196', 'salary-certificate', 'text'] as const;
export const EXTRACTION_SOURCES = ['attachment', 'barcode', 'text', 'ocr'] as const;
export type ExtractionStatus = (typeof EXTRACTION_STATUSES)[number];
export type ExtractionKind = (typeof EXTRACTION_KINDS)[number];
export type ExtractionSource = (typeof EXTRACTION_SOURCES)[number];

/**
 * Why a document could not be read (status `failed`); the web app translates each
 * (errors.json, key `extraction.<code>`). The file itself always stays.
 */
export const EXTRACTION_FAILURE_CODES = [
  'SEGMENTS_INCOMPLETE', // a barcode set with symbols missing
  'SCHEMA_INVALID', // eCH-0196 XML that fails the standard's schema
  'NOT_STANDARD_PAYLOAD', // barcodes or an attachment that hold another format
  'OUTPUT_TOO_LARGE', // inflating would exceed the limit (a zip bomb)
  'TIME_BUDGET_EXCEEDED', // the reader ran out of its time
  'MEMORY_LIMIT_EXCEEDED', // the reader's worker ran out of memory
  'DAMAGED_FILE', // a PDF or image the readers could not open
] as const;
export type ExtractionFailureCode = (typeof EXTRACTION_FAILURE_CODES)[number];

const amount = z.string();

/** eCH-0196 (e-tax statement): the standard's own attribute names. */
export const echBankAccount = z.object({
  iban: z.string().optional(),
  bankAccountNumber: z.string().optional(),
  bankAccountName: z.string(),
  bankAccountCurrency: z.string(),
  totalTaxValue: amount,
  totalGrossRevenueA: amount,
  totalGrossRevenueB: amount,
  totalWithHoldingTaxClaim: amount,
});
export const echSecurity = z.object({
  depotNumber: z.string(),
  positionId: z.string(),
  securityName: z.string(),
  isin: z.string().optional(),
  valorNumber: z.string().optional(),
  currency: z.string(),
  /** The security's tax value at the end of the period (its taxValue element's `value`). */
  taxValue: amount.optional(),
  /** Sums over the security's payments. */
  grossRevenueA: amount,
  grossRevenueB: amount,
  withHoldingTaxClaim: amount,
});
export const echStatementFields = z.object({
  minorVersion: z.number(),
  institution: z.object({ name: z.string(), lei: z.string().optional() }),
  client: z.array(z.object({ clientNumber: z.string(), firstName: z.string().optional(), lastName: z.string().optional() })),
  taxPeriod: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  canton: z.string(),
  totalTaxValue: amount,
  totalGrossRevenueA: amount,
  totalGrossRevenueB: amount,
  totalWithHoldingTaxClaim: amount,
  bankAccounts: z.array(echBankAccount),
  securities: z.array(echSecurity),
});
export type EchStatementFields = z.infer<typeof echStatementFields>;

/** Swiss salary certificate (swissdec Form 11): the XML's names in lower camel case. */
export const salaryCertificateFields = z.object({
  employer: z.object({ name: z.string(), street: z.string().optional(), zipCode: z.string().optional(), city: z.string().optional(), uid: z.string().optional() }),
  employee: z.object({ firstName: z.string().optional(), lastName: z.string().optional(), ahvNumberMasked: z.string().optional() }),
  periodFrom: z.string(),
  periodUntil: z.string(),
  /** Box 1 */ income: amount.optional(),
  /** Box 2 */ fringeBenefits: amount.optional(),
  /** Box 8 */ grossIncome: amount,
  /** Box 9 */ ahvContributions: amount.optional(),
  /** Box 10 */ bvgContributions: amount.optional(),
  /** Box 11 */ netIncome: amount,
  /** Box 12 */ deductionAtSource: amount.optional(),
  /** Box 13 */ charges: amount.optional(),
  /** Box 15 */ remark: z.string().optional(),
});
export type SalaryCertificateFields = z.infer<typeof salaryCertificateFields>;

/** A document read only for its words: the category keywords found, and a short excerpt. */
export const textFields = z.object({ keywords: z.array(z.string()), language: z.string().optional() });
export type TextFields = z.infer<typeof textFields>;

export const extractionResponse = z.object({
  status: z.enum(EXTRACTION_STATUSES),
  kind: z.enum(EXTRACTION_KINDS).nullable(),
  source: z.enum(EXTRACTION_SOURCES).nullable(),
  /** 0..1: 1 for a standard's data read whole (attachment, barcode), lower for words and OCR. */
  confidence: z.number().nullable(),
  suggestedCategoryId: z.number().nullable(),
  fields: z.union([echStatementFields, salaryCertificateFields, textFields]).nullable(),
  /** Why a read failed, as an error code the web app translates (status `failed` only). */
  failureCode: z.enum(EXTRACTION_FAILURE_CODES).nullable().optional(),
});
export type ExtractionResponse = z.infer<typeof extractionResponse>;

/** A question about a file's figures against the tax profile (shown as a question, never an error). */
export const INBOX_QUESTION_CODES = ['SALARY_WITHOUT_EMPLOYMENT', 'SECURITIES_WITHOUT_INVESTMENTS', 'AHV_NUMBER_NOT_HOUSEHOLD'] as const;
export type InboxQuestionCode = (typeof INBOX_QUESTION_CODES)[number];

export const inboxItem = z.object({
  fileId: z.number(),
  fileName: z.string(),
  categoryId: z.number(),
  taxYear: z.number(),
  extraction: extractionResponse,
  questions: z.array(z.enum(INBOX_QUESTION_CODES)),
});
export type InboxItem = z.infer<typeof inboxItem>;

export const inboxQuery = z.object({ taxYear: z.coerce.number<string>({ error: 'taxYear must be a whole year' }).int('taxYear must be a whole year') });
export const inboxResponse = z.object({ items: z.array(inboxItem) });
export const inboxFileParams = z.object({ fileId: databaseId(z.coerce.number({ error: 'The file id must be a number' }), 'The file id') });
/** Accept: moves the file to `categoryId` (default: the suggestion), before transmission only. */
export const inboxAcceptBody = z.object({ categoryId: z.number({ error: 'categoryId must be a number' }).int('categoryId must be a whole number').optional() }).optional();
export const inboxDecisionResponse = z.object({ fileId: z.number(), categoryId: z.number(), confirmed: z.boolean() });

/** The expert's "Figures from documents": per document, then totals. */
export const figuresResponse = z.object({
  salary: z.array(z.object({ fileId: z.number(), fileName: z.string(), employer: z.string(), periodFrom: z.string(), periodUntil: z.string(), grossIncome: amount, netIncome: amount, confirmed: z.boolean() })),
  salaryTotalsByEmployer: z.array(z.object({ employer: z.string(), grossIncome: amount, netIncome: amount })),
  statements: z.array(z.object({ fileId: z.number(), fileName: z.string(), institution: z.string(), totalTaxValue: amount, totalGrossRevenueA: amount, totalGrossRevenueB: amount, totalWithHoldingTaxClaim: amount, confirmed: z.boolean() })),
  statementTotals: z.object({ totalTaxValue: amount, totalGrossRevenueA: amount, totalGrossRevenueB: amount, totalWithHoldingTaxClaim: amount }),
});
export type FiguresResponse = z.infer<typeof figuresResponse>;
