import { describe, expect, it } from 'vitest';
import { inboxQuestions, type HouseholdFacts, type ReadFigures } from './document-questions.js';

const PERSON = '756.1234.5678.97';
const SPOUSE = '756.9217.0769.85';
const STRANGER = '756.3047.5009.62';

const facts = (over: Partial<HouseholdFacts> = {}): HouseholdFacts => ({
  employmentType: 'employed',
  investmentsOn: true,
  personAhvNumber: null,
  spouseAhvNumber: null,
  personName: { firstName: 'Anna', lastName: 'Muster' },
  ...over,
});
const certificate = (ahvNumbers: string[], employee = { firstName: 'Anna', lastName: 'Muster' }): ReadFigures => ({
  kind: 'salary-certificate',
  fields: { employee, grossIncome: '68000.00', netIncome: '59000.00' },
  ahvNumbers,
});
const statement = (securities: number): ReadFigures => ({ kind: 'ech-0196', fields: { securities: Array.from({ length: securities }, () => ({})) }, ahvNumbers: [] });

describe('inboxQuestions', () => {
  it('asks about a salary certificate when the profile names no salaried work', () => {
    expect(inboxQuestions(certificate([]), facts({ employmentType: 'retired' }))).toEqual(['SALARY_WITHOUT_EMPLOYMENT']);
    expect(inboxQuestions(certificate([]), facts({ employmentType: 'self-employed' }))).toEqual(['SALARY_WITHOUT_EMPLOYMENT']);
    expect(inboxQuestions(certificate([]), facts({ employmentType: 'mixed' }))).toEqual([]);
    expect(inboxQuestions(certificate([]), facts({ employmentType: null }))).toEqual([]);
  });

  it('asks about securities while investments are off, not about a bank-only statement', () => {
    expect(inboxQuestions(statement(2), facts({ investmentsOn: false }))).toEqual(['SECURITIES_WITHOUT_INVESTMENTS']);
    expect(inboxQuestions(statement(0), facts({ investmentsOn: false }))).toEqual([]);
    // Nothing said yet about investments (profile unanswered, toggle untouched): no question.
    expect(inboxQuestions(statement(2), facts({ investmentsOn: null }))).toEqual([]);
    expect(inboxQuestions(statement(2), facts())).toEqual([]);
  });

  it('asks about a certificate whose AHV number is neither the person’s nor the spouse’s', () => {
    expect(inboxQuestions(certificate([STRANGER]), facts({ personAhvNumber: PERSON, spouseAhvNumber: SPOUSE }))).toEqual(['AHV_NUMBER_NOT_HOUSEHOLD']);
    expect(inboxQuestions(certificate([SPOUSE.replaceAll('.', '')]), facts({ personAhvNumber: PERSON, spouseAhvNumber: SPOUSE }))).toEqual([]);
    expect(inboxQuestions(certificate([PERSON]), facts({ personAhvNumber: PERSON }))).toEqual([]);
  });

  it('without the person’s own number, takes a certificate in the person’s name as theirs', () => {
    expect(inboxQuestions(certificate([STRANGER]), facts({ spouseAhvNumber: SPOUSE }))).toEqual([]);
    const other = certificate([STRANGER], { firstName: 'Beat', lastName: 'Keller' });
    expect(inboxQuestions(other, facts({ spouseAhvNumber: SPOUSE }))).toEqual(['AHV_NUMBER_NOT_HOUSEHOLD']);
  });

  it('asks nothing about a plain text document', () => {
    expect(inboxQuestions({ kind: 'text', fields: { keywords: [] }, ahvNumbers: [STRANGER] }, facts({ employmentType: 'retired', investmentsOn: false }))).toEqual([]);
  });
});
