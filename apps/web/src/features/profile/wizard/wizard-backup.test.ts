import { expect, it } from 'vitest';
import { isBackupNewer, keepWizardBackup, readWizardBackup } from './wizard-backup';

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
