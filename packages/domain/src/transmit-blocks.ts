/**
 * What must hold before a year is transmitted to the experts (3 → 4, DECISIONS D1 and D19): a tax
 * profile reopened for editing is completed again, the checklist has no open item, Advanced Tax Information is complete, and what the answers promise
 * is there: the tax ID when the person has one, a signed power of attorney when they chose one
 * (one per spouse when married). The server refuses a transmit while any block remains; the
 * review page lists them, each with where it is fixed.
 */

/** Category 39, "Power of attorney (signed)" (D3). */
export const SIGNED_POWER_OF_ATTORNEY_CATEGORY_ID = 39;

export type TransmitBlock =
  | { code: 'TAX_PROFILE_INCOMPLETE' }
  | { code: 'ADVANCED_INFO_INCOMPLETE' }
  | { code: 'CHECKLIST_INCOMPLETE'; categoryId: number }
  | { code: 'TAX_ID_MISSING' }
  | { code: 'SIGNED_POWER_OF_ATTORNEY_MISSING'; needed: number; uploaded: number };

export type TransmitBlockCode = TransmitBlock['code'];

export interface TransmitFacts {
  /** The year's tax profile was reopened for editing (issue 28) and is not completed again. */
  taxProfileReopened: boolean;
  /** The checklist's open items (category ids), by the rule that decides the 2 → 3 move. */
  openChecklistCategoryIds: readonly number[];
  advancedInfoCompleted: boolean;
  /** The person said they have a tax ID (tax profile or the Authorization tab's Tax Address toggle). */
  taxIdPromised: boolean;
  /** A tax ID is saved in the Authorization tab. */
  taxIdGiven: boolean;
  /** The Authorization tab's Power of Attorney toggle is on. */
  powerOfAttorneyChosen: boolean;
  married: boolean;
  /** Documents in the signed power-of-attorney category. */
  signedPowerOfAttorneys: number;
}

/** Each block, in the order the transmit names the first of them. */
export function transmitBlocks(facts: TransmitFacts): TransmitBlock[] {
  const blocks: TransmitBlock[] = [];
  if (facts.taxProfileReopened) blocks.push({ code: 'TAX_PROFILE_INCOMPLETE' });
  if (!facts.advancedInfoCompleted) blocks.push({ code: 'ADVANCED_INFO_INCOMPLETE' });
  for (const categoryId of facts.openChecklistCategoryIds) blocks.push({ code: 'CHECKLIST_INCOMPLETE', categoryId });
  if (facts.taxIdPromised && !facts.taxIdGiven) blocks.push({ code: 'TAX_ID_MISSING' });
  const needed = facts.married ? 2 : 1;
  if (facts.powerOfAttorneyChosen && facts.signedPowerOfAttorneys < needed) {
    blocks.push({ code: 'SIGNED_POWER_OF_ATTORNEY_MISSING', needed, uploaded: facts.signedPowerOfAttorneys });
  }
  return blocks;
}
