import { describe, expect, it } from 'vitest';
import type { WizardState } from '@taxli/domain';
import { answersToRestore, changesSetAside, isBackupNewer, keepWizardBackup, readWizardBackup } from './wizard-backup';

it('reads kept answers back as typed, a half-typed ZIP code too, and leaves out what is not of its field type', () => {
  window.sessionStorage.setItem(
    'taxli.draft.wizard:7:2025',
    JSON.stringify({
      version: 3,
      pending: 1,
      step: 3,
      state: { personal: { firstName: 'Anna', phone: 79, unknownField: 'x' }, answers: { zipCode: '80', numberOfChildren: 'three', hasChildren: true, religion: 'none-such' } },
    }),
  );
  expect(readWizardBackup(7, 2025)).toEqual({ version: 3, pending: 1, step: 3, state: { personal: { firstName: 'Anna' }, answers: { zipCode: '80', hasChildren: true } } });
  expect(readWizardBackup(8, 2025)).toBeNull();
});

it('reads nothing from a kept value of another shape, and forgets a backup when told', () => {
  window.sessionStorage.setItem('taxli.draft.wizard:7:2025', '{"version":"3"}');
  expect(readWizardBackup(7, 2025)).toBeNull();
  window.sessionStorage.setItem('taxli.draft.wizard:7:2025', 'not json');
  expect(readWizardBackup(7, 2025)).toBeNull();
  keepWizardBackup(7, 2025, { version: 1, pending: 0, step: 0, state: { personal: {}, answers: {} } });
  expect(readWizardBackup(7, 2025)?.version).toBe(1);
  keepWizardBackup(7, 2025, null);
  expect(window.sessionStorage.getItem('taxli.draft.wizard:7:2025')).toBeNull();
});

it('counts kept answers newer than the stored ones only if nothing but their own saves under way was saved since', () => {
  const backup = { version: 3, pending: 2, step: 0, state: { personal: {}, answers: {} } };
  expect([2, 3, 4, 5, 6].map((version) => isBackupNewer(backup, { version, isComplete: false }))).toEqual([false, true, true, true, false]);
  expect(isBackupNewer(backup, { version: 3, isComplete: true })).toBe(false);
});

describe('answersToRestore', () => {
  const base: WizardState = { personal: { firstName: 'Anna', jobName: 'Engineer' }, answers: { city: 'Zürich', zipCode: '8001' } };
  const typed: WizardState = { personal: { jobName: 'Engineer' }, answers: { city: 'Thun', zipCode: '8001' } };
  const backup = { version: 3, pending: 1, step: 3, state: typed, base };

  it('goes on from the kept answers when they are newer, the stored names standing in for any left out', () => {
    expect(answersToRestore(backup, { version: 4, isComplete: false }, base)).toEqual({
      step: 3,
      state: { personal: { firstName: 'Anna', jobName: 'Engineer' }, answers: { city: 'Thun', zipCode: '8001' } },
      overNewer: false,
    });
  });

  it('keeps what the tab changed over newer answers saved since, and takes the rest from them', () => {
    const newer: WizardState = { personal: { firstName: 'Anna', jobName: 'Architect' }, answers: { city: 'Zürich', zipCode: '8002' } };
    expect(answersToRestore(backup, { version: 9, isComplete: false }, newer)).toEqual({
      step: 3,
      state: { personal: { firstName: 'Anna', jobName: 'Architect' }, answers: { city: 'Thun', zipCode: '8002' } },
      overNewer: true,
    });
  });

  it("keeps another tab's answers saved while this tab's own save was under way (the versions cannot tell them apart)", () => {
    const other: WizardState = { ...base, answers: { ...base.answers, zipCode: '3600' } };
    expect(answersToRestore(backup, { version: 4, isComplete: false }, other)).toMatchObject({ state: { answers: { city: 'Thun', zipCode: '3600' } }, overNewer: false });
  });

  it('restores nothing over a completed year, from an older backup without its base, or when the newer answers say it all', () => {
    expect(answersToRestore(backup, { version: 4, isComplete: true }, base)).toBeNull();
    const { base: _left, ...withoutBase } = backup;
    expect(answersToRestore(withoutBase, { version: 9, isComplete: false }, base)).toBeNull();
    expect(answersToRestore(withoutBase, { version: 4, isComplete: false }, base)?.state.answers).toEqual(typed.answers);
    expect(answersToRestore(backup, { version: 9, isComplete: false }, { ...base, answers: { ...base.answers, city: 'Thun' } })).toBeNull();
  });

  it('sets what the tab changed aside over a year completed since, for Edit answers to add it', () => {
    const completed: WizardState = { personal: { firstName: 'Anna', jobName: 'Engineer' }, answers: { city: 'Zürich', zipCode: '8002' } };
    expect(changesSetAside(backup, { isComplete: true }, completed)).toEqual({ base, mine: { personal: { firstName: 'Anna', jobName: 'Engineer' }, answers: typed.answers } });
    // Not over a draft (answersToRestore keeps it), not when the completed answers say it, not without a base.
    expect(changesSetAside(backup, { isComplete: false }, completed)).toBeNull();
    expect(changesSetAside(backup, { isComplete: true }, { ...completed, answers: { ...completed.answers, city: 'Thun' } })).toBeNull();
    const { base: _left, ...withoutBase } = backup;
    expect(changesSetAside(withoutBase, { isComplete: true }, completed)).toBeNull();
  });

  it('reads the base back with the answers', () => {
    keepWizardBackup(7, 2025, backup);
    expect(readWizardBackup(7, 2025)).toEqual(backup);
  });
});
