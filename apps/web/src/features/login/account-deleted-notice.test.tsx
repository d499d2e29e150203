import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AccountErasureResponse } from '@taxli/domain';
import { renderRoutes, setLanguage } from '../../test/harness';
import { rememberErasure } from '../../lib/account-deleted-notice';
import { AccountDeletedNotice } from './components/account-deleted-notice';

const ANSWER: AccountErasureResponse = {
  erasedAt: '2026-11-27T10:00:00.000Z',
  kind: 'retained',
  erased: { documentVersions: 3, taxYears: [2024] },
  retained: [{ taxYear: 2025, statusId: 4, retainedUntil: '2036-12-31', reason: 'legal-retention' }],
  retentionYears: 10,
};

describe('the login page after “Delete my account”', () => {
  beforeEach(async () => {
    await setLanguage('en');
    window.sessionStorage.clear();
  });

  it('says the account is deleted and what stays until when, once', async () => {
    rememberErasure(ANSWER);
    const first = renderRoutes([{ path: '/login', Component: AccountDeletedNotice }], { path: '/login' });
    expect(await screen.findByRole('status')).toHaveTextContent('Your account has been deleted.');
    expect(screen.getByText('Tax year 2025: kept until December 31, 2036')).toBeInTheDocument();
    first.unmount();
    // A reload of the login page no longer says it.
    renderRoutes([{ path: '/login', Component: AccountDeletedNotice }], { path: '/login' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
