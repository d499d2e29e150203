import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, renderRoutes, setLanguage, stubServer } from '../../../test/harness';
import { storageKeys } from '../../../lib/storage-keys';
import { readErasureNotice } from '../../../lib/account-deleted-notice';
import { leaveAppFor } from '../../../lib/leave-app';
import { DeleteAccountSection } from './delete-account-section';

// jsdom cannot load a page: the full page load to /login is seen as the call that asks for it.
vi.mock('../../../lib/leave-app', () => ({ leaveAppFor: vi.fn() }));

const RETAINED = { taxYear: 2025, statusId: 4, retainedUntil: '2036-12-31', reason: 'legal-retention' };
const ERASED = { erasedAt: '2026-11-27T10:00:00.000Z', kind: 'retained', erased: { documentVersions: 3, taxYears: [2024] }, retained: [RETAINED], retentionYears: 10 };

function renderSection(deleteAnswer: Response | (() => Response) = json(200, ERASED)) {
  const server = stubServer({
    'GET /api/account/delete/preview': json(200, { retained: [RETAINED], retentionYears: 10 }),
    'POST /api/account/delete/request-code': json(200, { message: 'Confirmation code sent', status: 'pending' }),
    'POST /api/account/delete': deleteAnswer,
  });
  const view = renderRoutes([{ path: '/profile', Component: () => <DeleteAccountSection email="anna@example.ch" /> }], { path: '/profile' });
  return { server, ...view };
}

describe('the profile’s “Delete my account”', () => {
  beforeEach(async () => {
    await setLanguage('en');
    window.sessionStorage.clear();
    window.localStorage.clear();
    vi.mocked(leaveAppFor).mockClear();
  });

  it('says what stays and until when, mails a code, and deletes only with the code and an explicit “I understand”', async () => {
    const { server } = renderSection();
    expect(await screen.findByText('Tax year 2025: kept until December 31, 2036')).toBeInTheDocument();
    expect(screen.getByText(/Swiss tax law requires tax files to be kept for 10 years/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send me a confirmation code' }));
    expect(await screen.findByText('We sent a confirmation code to anna@example.ch. It is valid for 10 minutes.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/account/delete/request-code')).toHaveLength(1);

    const confirm = screen.getByRole('button', { name: 'Delete my account now' });
    await userEvent.type(screen.getByLabelText('Confirmation code'), '482913');
    expect(confirm).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /cannot be undone/ }));
    await userEvent.click(confirm);

    // To the login page with a full page load (nothing of the account stays in memory), whose
    // notice (features/login) says it is done and repeats what stays.
    await vi.waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('/login'));
    expect(readErasureNotice()).toEqual({ retained: [RETAINED] });
    expect(server.calls('POST', '/api/account/delete').map((r) => r.body)).toEqual([{ code: '482913' }]);
    expect(window.localStorage.getItem(storageKeys.loggedOut)).toBe('1');
  });

  it('says a wrong code with the tries left, keeps the typed code, and stays', async () => {
    const wrong = () => json(400, { error: { code: 'INVALID_CODE', message: 'Invalid', field: 'code', attemptsLeft: 4 } });
    renderSection(wrong);
    await userEvent.click(await screen.findByRole('button', { name: 'Send me a confirmation code' }));
    await userEvent.type(await screen.findByLabelText('Confirmation code'), '111111');
    await userEvent.click(screen.getByRole('checkbox', { name: /cannot be undone/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired verification code. Please check the code or request a new one. 4 tries left.');
    expect(screen.getByLabelText('Confirmation code')).toHaveValue('111111');
    expect(leaveAppFor).not.toHaveBeenCalled();
  });

  it('says when the code could not be mailed', async () => {
    stubServer({
      'GET /api/account/delete/preview': json(200, { retained: [], retentionYears: 10 }),
      'POST /api/account/delete/request-code': apiError(503, 'VERIFICATION_ERROR', 'Failed'),
    });
    renderRoutes([{ path: '/profile', Component: () => <DeleteAccountSection email="anna@example.ch" /> }], { path: '/profile' });
    expect(await screen.findByText('Nothing of your data stays.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send me a confirmation code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The verification code could not be sent. Please try again.');
  });
});
