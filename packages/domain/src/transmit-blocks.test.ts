import { describe, expect, it } from 'vitest';
import { transmitBlocks, type TransmitFacts } from './transmit-blocks.js';

const nothingOpen: TransmitFacts = {
  taxProfileReopened: false,
  openChecklistCategoryIds: [],
  advancedInfoCompleted: true,
  taxIdPromised: false,
  taxIdGiven: false,
  powerOfAttorneyChosen: false,
  married: false,
  signedPowerOfAttorneys: 0,
};

describe('transmitBlocks (D19)', () => {
  it('finds nothing when nothing is promised and the checklist is done', () => {
    expect(transmitBlocks(nothingOpen)).toEqual([]);
  });

  it('asks for the tax ID only when the person said they have one', () => {
    expect(transmitBlocks({ ...nothingOpen, taxIdPromised: true })).toEqual([{ code: 'TAX_ID_MISSING' }]);
    expect(transmitBlocks({ ...nothingOpen, taxIdPromised: true, taxIdGiven: true })).toEqual([]);
  });

  it('asks for one signed power of attorney, two when married, only when one was chosen', () => {
    expect(transmitBlocks({ ...nothingOpen, signedPowerOfAttorneys: 0, married: true })).toEqual([]);
    expect(transmitBlocks({ ...nothingOpen, powerOfAttorneyChosen: true })).toEqual([{ code: 'SIGNED_POWER_OF_ATTORNEY_MISSING', needed: 1, uploaded: 0 }]);
    expect(transmitBlocks({ ...nothingOpen, powerOfAttorneyChosen: true, signedPowerOfAttorneys: 1 })).toEqual([]);
    expect(transmitBlocks({ ...nothingOpen, powerOfAttorneyChosen: true, married: true, signedPowerOfAttorneys: 1 })).toEqual([
      { code: 'SIGNED_POWER_OF_ATTORNEY_MISSING', needed: 2, uploaded: 1 },
    ]);
  });

  it('asks for a tax profile reopened for editing to be completed again, before anything else', () => {
    expect(transmitBlocks({ ...nothingOpen, taxProfileReopened: true })).toEqual([{ code: 'TAX_PROFILE_INCOMPLETE' }]);
    expect(transmitBlocks({ ...nothingOpen, taxProfileReopened: true, advancedInfoCompleted: false }).map((b) => b.code)).toEqual([
      'TAX_PROFILE_INCOMPLETE',
      'ADVANCED_INFO_INCOMPLETE',
    ]);
  });

  it('lists every block, the section first, then each open item', () => {
    expect(
      transmitBlocks({ ...nothingOpen, advancedInfoCompleted: false, openChecklistCategoryIds: [5, 21], taxIdPromised: true, powerOfAttorneyChosen: true }).map((b) => b.code),
    ).toEqual(['ADVANCED_INFO_INCOMPLETE', 'CHECKLIST_INCOMPLETE', 'CHECKLIST_INCOMPLETE', 'TAX_ID_MISSING', 'SIGNED_POWER_OF_ATTORNEY_MISSING']);
  });
});
