/**
 * Document categories (DECISIONS D3). Ids are part of the API and never change; names are
 * translated in the web app under `categories.<id>`.
 */
export const CATEGORY_SECTIONS = ['required', 'investments', 'realEstate', 'foreignIncome', 'deductions', 'spouse', 'children', 'authorization'] as const;
export type CategorySection = (typeof CATEGORY_SECTIONS)[number];

export interface DocumentCategory {
  id: number;
  /** English name, used in API answers and as the translation fallback. */
  name: string;
  section: CategorySection;
}

const c = (id: number, name: string, section: CategorySection): DocumentCategory => ({ id, name, section });

export const DOCUMENT_CATEGORIES: readonly DocumentCategory[] = [
  c(1, 'Bank Documents', 'required'),
  c(2, 'Insurance Certificates', 'required'),
  c(3, 'Proof of Professional Expenses', 'required'),
  c(4, 'Receipts for Deductions', 'required'),
  c(5, 'Salary Statement', 'required'),
  c(21, 'Transport', 'required'),
  c(10, 'Securities account statement', 'investments'),
  c(11, 'Dividend and interest statements', 'investments'),
  c(12, 'Cryptocurrency and other assets', 'investments'),
  c(13, 'Property tax valuation', 'realEstate'),
  c(14, 'Mortgage interest statement', 'realEstate'),
  c(15, 'Maintenance and renovation invoices', 'realEstate'),
  c(16, 'Rental income statement', 'realEstate'),
  c(17, 'Foreign income statements', 'foreignIncome'),
  c(18, 'Foreign property documents', 'foreignIncome'),
  c(19, 'Foreign bank accounts', 'foreignIncome'),
  c(20, 'Foreign withholding tax certificates', 'foreignIncome'),
  c(22, 'Pillar 3a certificate', 'deductions'),
  c(23, 'Donation receipts', 'deductions'),
  c(24, 'Medical and dental expenses', 'deductions'),
  c(25, 'Further education costs', 'deductions'),
  c(26, 'Spouse: bank documents', 'spouse'),
  c(27, 'Spouse: insurance', 'spouse'),
  c(28, 'Spouse: receipts and deductions', 'spouse'),
  c(29, 'Spouse: general expenses', 'spouse'),
  c(30, 'Spouse: salary statement', 'spouse'),
  c(31, 'Children: birth certificate', 'children'),
  c(32, 'Children: childcare expenses', 'children'),
  c(33, 'Children: education confirmation', 'children'),
  c(34, 'Children: education costs', 'children'),
  c(35, 'Children: alimony payments', 'children'),
  c(36, 'Children: disability confirmation', 'children'),
  c(37, 'Children: medical expenses', 'children'),
  c(38, 'Children: living and travel expenses for education', 'children'),
  c(39, 'Power of attorney (signed)', 'authorization'),
  c(40, 'Tax ID document', 'authorization'),
  c(41, 'Previous tax assessments', 'authorization'),
];

/**
 * D3's six base categories: the checklist of a year without a completed tax profile, and the base
 * of a personal one (checklist.ts, DECISIONS D19).
 */
export const REQUIRED_CATEGORY_IDS = [1, 2, 3, 4, 5, 21] as const;

export function findCategory(id: number): DocumentCategory | undefined {
  return DOCUMENT_CATEGORIES.find((category) => category.id === id);
}
