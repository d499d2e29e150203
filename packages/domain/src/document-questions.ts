import { normalizeAhvNumber } from './ahv.js';
import type { ExtractionKind, InboxQuestionCode } from './api/extraction.js';

/** What the inbox compares a read document with: the year's tax profile and the household's AHV numbers. */
export interface HouseholdFacts {
  /** The tax profile's employment type; a salary is expected for 'employed' and 'mixed' only (as the checklist says). */
  employmentType: string | null | undefined;
  /**
   * Whether the person said they hold investments: the Investments section's toggle (Advanced Tax
   * Information), else the tax profile's answer; null while they have said neither.
   */
  investmentsOn: boolean | null;
  /** The person's own AHV number, when Taxli knows it. */
  personAhvNumber: string | null;
  /** The spouse's, as Advanced Tax Information keeps it. */
  spouseAhvNumber: string | null;
  /** The person's name, compared with the certificate's employee when the person's AHV number is unknown. */
  personName: { firstName: string; lastName: string };
}

export interface ReadFigures {
  kind: ExtractionKind | null;
  fields: unknown;
  /** The AHV numbers the document names, in clear (unsealed by the server). */
  ahvNumbers: string[];
}

const SALARIED = new Set(['employed', 'mixed']);
const sameText = (a: string | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

function securitiesIn(fields: unknown): number {
  const securities = (fields as { securities?: unknown } | null)?.securities;
  return Array.isArray(securities) ? securities.length : 0;
}

/** A certificate names someone outside the household: its AHV number is neither the person's nor the spouse's. */
function namesSomeoneElse(figures: ReadFigures, facts: HouseholdFacts): boolean {
  const found = figures.ahvNumbers.map(normalizeAhvNumber).filter((n): n is string => n !== null);
  if (found.length === 0) return false;
  const household = [facts.personAhvNumber, facts.spouseAhvNumber].map((n) => (n ? normalizeAhvNumber(n) : null)).filter((n): n is string => n !== null);
  if (found.some((n) => household.includes(n))) return false;
  if (facts.personAhvNumber) return true;
  // The person's own number is unknown: a certificate made out to the person's name is theirs.
  const employee = (figures.fields as { employee?: { firstName?: string; lastName?: string } } | null)?.employee;
  return !(sameText(employee?.firstName, facts.personName.firstName) && sameText(employee?.lastName, facts.personName.lastName));
}

/**
 * Questions about a read document against what the person said (issue 29): shown as questions,
 * never as errors, because the document may well be right and the profile out of date.
 */
export function inboxQuestions(figures: ReadFigures, facts: HouseholdFacts): InboxQuestionCode[] {
  const questions: InboxQuestionCode[] = [];
  if (figures.kind === 'salary-certificate') {
    if (facts.employmentType && !SALARIED.has(facts.employmentType)) questions.push('SALARY_WITHOUT_EMPLOYMENT');
    if (namesSomeoneElse(figures, facts)) questions.push('AHV_NUMBER_NOT_HOUSEHOLD');
  }
  if (figures.kind === 'ech-0196' && securitiesIn(figures.fields) > 0 && facts.investmentsOn === false) questions.push('SECURITIES_WITHOUT_INVESTMENTS');
  return questions;
}
