import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxProfileAnswers } from '@taxli/domain';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { aChecklist, aFileRecord, apiError, json, renderRoutes, setLanguage, signedInCheck, stubServer, type Route } from '../../../test/harness';
import { PersonalChecklist } from './personal-checklist';

const YEAR = 2025;
const CHECKLIST_URL = `GET /api/checklist?taxYear=${YEAR}`;
const itemUrl = (categoryId: number) => `/api/checklist/${YEAR}/items/${categoryId}/not-applicable`;

/** Married, employed, two children (4 and 16), investments. */
const answers: TaxProfileAnswers = {
  maritalStatus: 'married',
  employmentType: 'employed',
  hasChildren: true,
  numberOfChildren: 2,
  childrenAges: [4, 16],
  hasInvestments: true,
  hasPillar3a: false,
  propertyOwner: false,
  hasForeignIncome: false,
};

function renderChecklist(routes: Record<string, Route>, onUpload = vi.fn()) {
  const server = stubServer({ 'GET /api/debug/check-auth': json(200, signedInCheck()), ...routes });
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.auth, signedInCheck());
  renderRoutes([{ path: '/', Component: () => <PersonalChecklist taxYear={YEAR} onUpload={onUpload} /> }], { path: '/', queryClient });
  return { server, onUpload, queryClient };
}

const itemOf = (name: string) => screen.getByText(name).closest('li')!;

describe('the personal checklist (D19)', () => {
  beforeEach(() => setLanguage('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists what the answers call for, each with its reason, ticked by files and marks, with the percentage', async () => {
    renderChecklist({ [CHECKLIST_URL]: json(200, aChecklist(YEAR, { answers, files: [aFileRecord(1, 5)], marks: { 26: 'One joint account' } })) });
    expect(await screen.findByText('17% complete')).toBeInTheDocument();
    expect(screen.getByText('From your tax profile: what your return needs, and why.')).toBeInTheDocument();
    expect(within(itemOf('Children: birth certificate')).getByText('Because you told us you have 2 children.')).toBeInTheDocument();
    expect(within(itemOf('Children: childcare expenses')).getByText('Because you told us you have one child under 14.')).toBeInTheDocument();
    expect(within(itemOf('Spouse: salary statement')).getByText('Because you told us you are married.')).toBeInTheDocument();
    expect(within(itemOf('Securities account statement')).getByText('Because you told us you have investments.')).toBeInTheDocument();
    expect(screen.getByText('Salary Statement').textContent).toBe('Salary Statement – uploaded');
    expect(screen.getByText('Spouse: bank documents').textContent).toBe('Spouse: bank documents – not applicable');
    expect(within(itemOf('Spouse: bank documents')).getByText('Not applicable: One joint account')).toBeInTheDocument();
    // Ruled out by the answers: not listed at all.
    expect(screen.queryByText('Pillar 3a certificate')).not.toBeInTheDocument();
    expect(screen.queryByText('Mortgage interest statement')).not.toBeInTheDocument();
    // An item with a file offers no "not applicable"; one without offers both.
    expect(screen.queryByRole('button', { name: 'Mark Salary Statement as not applicable' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark Bank Documents as not applicable' })).toBeInTheDocument();
  });

  it('without a completed profile shows D3’s six and says how to make the list personal', async () => {
    renderChecklist({ [CHECKLIST_URL]: json(200, aChecklist(YEAR)) });
    expect(await screen.findByText('0% complete')).toBeInTheDocument();
    expect(screen.getByText('The documents every return needs. Complete your tax profile to make this list yours.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getAllByText('Needed for every tax return.')).toHaveLength(6);
  });

  it('marks an item not applicable: the reason is required, a refusal is said at the field and the text stays', async () => {
    const user = userEvent.setup();
    let answer: Route = apiError(400, 'VALIDATION_ERROR', 'reason: too long', 'reason', { fieldCode: 'TOO_LONG', params: { max: 200 } });
    const { server } = renderChecklist({
      [CHECKLIST_URL]: json(200, aChecklist(YEAR, { answers })),
      [`PUT ${itemUrl(26)}`]: () => (answer as Response).clone(),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark Spouse: bank documents as not applicable' }));
    const dialog = screen.getByRole('dialog', { name: 'Spouse: bank documents: not applicable' });
    const reason = within(dialog).getByRole('textbox', { name: 'Why does this not apply to you?' });

    // Empty: said at the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Mark as not applicable' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Please fill in this field.')).toBeInTheDocument();
    expect(server.calls('PUT', itemUrl(26))).toHaveLength(0);

    // Typed, the dialog closed without saving and opened again: the text is still there.
    await user.type(within(dialog).getByRole('textbox', { name: 'Why does this not apply to you?' }), '  We have one joint');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Mark Spouse: bank documents as not applicable' }));
    const reopened = screen.getByRole('dialog', { name: 'Spouse: bank documents: not applicable' });
    const kept = within(reopened).getByRole('textbox', { name: 'Why does this not apply to you?' });
    expect(kept).toHaveValue('  We have one joint');

    // The server's refusal of the field: at the field, the text as typed.
    await user.type(kept, ' account.  ');
    expect(kept).not.toHaveAttribute('aria-invalid');
    await user.click(within(reopened).getByRole('button', { name: 'Mark as not applicable' }));
    expect(await within(reopened).findByText('At most 200 characters.')).toBeInTheDocument();
    expect(kept).toHaveValue('  We have one joint account.  ');

    answer = json(200, aChecklist(YEAR, { answers, marks: { 26: 'We have one joint account.' } }));
    await user.click(within(reopened).getByRole('button', { name: 'Mark as not applicable' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('PUT', itemUrl(26)).map((call) => call.body)).toEqual([{ reason: 'We have one joint account.' }, { reason: 'We have one joint account.' }]);
    expect(within(itemOf('Spouse: bank documents')).getByText('Not applicable: We have one joint account.')).toBeInTheDocument();
    // The button pressed is gone: focus is on the Undo that replaced it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo "not applicable" for Spouse: bank documents' })).toHaveFocus());
  });

  it('undoes a mark; the "not applicable" action comes back with the focus', async () => {
    const user = userEvent.setup();
    const { server } = renderChecklist({
      [CHECKLIST_URL]: json(200, aChecklist(YEAR, { answers, marks: { 30: 'My spouse has no income' } })),
      [`DELETE ${itemUrl(30)}`]: json(200, aChecklist(YEAR, { answers })),
    });
    await user.click(await screen.findByRole('button', { name: 'Undo "not applicable" for Spouse: salary statement' }));
    const mark = await screen.findByRole('button', { name: 'Mark Spouse: salary statement as not applicable' });
    await waitFor(() => expect(mark).toHaveFocus());
    expect(server.calls('DELETE', itemUrl(30))).toHaveLength(1);
    expect(screen.queryByText('Not applicable: My spouse has no income')).not.toBeInTheDocument();
  });

  it('starts an upload in the item’s own category', async () => {
    const user = userEvent.setup();
    const { onUpload } = renderChecklist({ [CHECKLIST_URL]: json(200, aChecklist(YEAR, { answers })) });
    await user.click(await screen.findByRole('button', { name: 'Upload to Securities account statement' }));
    expect(onUpload).toHaveBeenCalledWith(10);
  });

  it('speaks German: reasons, the action, the dialog and the field error', async () => {
    await setLanguage('de');
    const user = userEvent.setup();
    renderChecklist({ [CHECKLIST_URL]: json(200, aChecklist(YEAR, { answers, files: [aFileRecord(1, 1)] })) });
    expect(await screen.findByText('8 % vollständig')).toBeInTheDocument();
    expect(within(itemOf('Kinder: Geburtsschein')).getByText('Weil Sie angegeben haben, dass Sie 2 Kinder haben.')).toBeInTheDocument();
    expect(within(itemOf('Lohnausweis')).getByText('Weil Sie angegeben haben, dass Sie angestellt sind.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lohnausweis als nicht zutreffend markieren' }));
    const dialog = screen.getByRole('dialog', { name: 'Lohnausweis: nicht zutreffend' });
    await user.click(within(dialog).getByRole('button', { name: 'Als nicht zutreffend markieren' }));
    expect(within(dialog).getByRole('textbox', { name: 'Warum trifft das auf Sie nicht zu?' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let answer: Route = apiError(500, 'INTERNAL_ERROR', 'x');
    renderChecklist({ [CHECKLIST_URL]: () => (answer as Response).clone() });
    expect(await screen.findByText('Your document checklist could not be loaded.', {}, { timeout: 5000 })).toBeInTheDocument();
    answer = json(200, aChecklist(YEAR));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('0% complete')).toBeInTheDocument();
  });
});
