import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TaxProfileAnswers, TransmitReviewResponse } from '@taxli/domain';
import { aChecklist, aFileRecord, apiError, currentPath, json, LocationProbe, renderRoutes, setLanguage, stubServer, toastRegion, type Route } from '../../test/harness';
import { ReviewPage } from './review-page';

const YEAR = 2025;
const today = new Date(2026, 10, 22);

const review = (overrides: Partial<TransmitReviewResponse> = {}): TransmitReviewResponse => ({
  taxYear: YEAR,
  current_status_id: 3,
  blocks: [],
  transmission: null,
  ...overrides,
});

const profile = {
  taxYear: YEAR,
  step: 12,
  personal: { salutation: 'mrs', firstName: 'Anna', lastName: 'Muster', dateOfBirth: null, phone: null, countryCode: null, jobName: null },
  answers: { zipCode: '8001', city: 'Zürich', maritalStatus: 'married', employmentType: 'employed', hasChildren: true, numberOfChildren: 2 },
  isComplete: true,
  completedAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  version: 3,
  previousCompleteYear: null,
};

const FILES = [aFileRecord(1, 1, { name: 'Kontoauszug.pdf' }), aFileRecord(2, 5, { name: 'Lohnausweis.pdf' }), aFileRecord(3, 22, { name: 'Saeule-3a.pdf' })];
/** The personal checklist of these answers (D19), Transport marked not applicable. */
const CHECKLIST = aChecklist(YEAR, { answers: profile.answers as TaxProfileAnswers, files: FILES, marks: { 21: 'I walk to work' }, statusId: 3 });

function server(answer: TransmitReviewResponse, extra: Record<string, Route> = {}) {
  return stubServer({
    [`GET /api/tax-year-status/review?taxYear=${YEAR}`]: json(200, answer),
    [`GET /api/tax-profile?taxYear=${YEAR}`]: json(200, profile),
    [`GET /api/files?taxYear=${YEAR}`]: json(200, FILES),
    [`GET /api/checklist?taxYear=${YEAR}`]: json(200, CHECKLIST),
    ...extra,
  });
}

function renderReview() {
  return renderRoutes(
    [
      { path: '/review', Component: ReviewPage },
      { path: '/', Component: () => <LocationProbe name="dashboard" /> },
      { path: '/advanced-tax-info', Component: () => <LocationProbe name="advanced" /> },
    ],
    { path: `/review?year=${YEAR}`, now: () => today },
  );
}

describe('the review page', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('shows the profile in brief and the documents per checklist item', async () => {
    server(review());
    renderReview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Review and transmit 2025' })).toBeInTheDocument();
    const brief = screen.getByRole('region', { name: 'Your tax profile' });
    expect(await within(brief).findByText('Anna Muster')).toBeInTheDocument();
    expect(within(brief).getByText('8001 Zürich')).toBeInTheDocument();
    expect(within(brief).getByText('Married or registered partnership')).toBeInTheDocument();
    const documents = screen.getByRole('region', { name: 'Your documents' });
    expect(await within(documents).findByText('Lohnausweis.pdf')).toBeInTheDocument();
    // Each item of the personal checklist: without a file it says so, marked it gives the reason;
    // the spouse's salary statement is there because the person is married. A further category with a
    // file is listed too.
    const open = CHECKLIST.items.filter((item) => !item.hasFile && !item.notApplicable);
    expect(open.map((item) => item.categoryId)).toContain(30);
    expect(within(documents).getAllByText('No document yet')).toHaveLength(open.length);
    expect(within(documents).getByText('Spouse: salary statement')).toBeInTheDocument();
    expect(within(documents).getByText('Not applicable: I walk to work')).toBeInTheDocument();
    expect(within(documents).getByRole('heading', { name: 'Further documents' })).toBeInTheDocument();
    expect(within(documents).getByText('Saeule-3a.pdf')).toBeInTheDocument();
  });

  it('lists each block with a link to where it is fixed, and keeps Transmit off while any remains', async () => {
    server(
      review({
        blocks: [
          { code: 'CHECKLIST_INCOMPLETE', categoryId: 21 },
          { code: 'TAX_ID_MISSING' },
          { code: 'SIGNED_POWER_OF_ATTORNEY_MISSING', needed: 2, uploaded: 1 },
        ],
      }),
    );
    const { router } = renderReview();
    const blocks = await screen.findByRole('region', { name: 'What still has to be done' });
    expect(within(blocks).getByText('No document yet for “Transport”.')).toBeInTheDocument();
    expect(within(blocks).getByText('You said you have a tax ID, but it is not entered yet.')).toBeInTheDocument();
    expect(within(blocks).getByText('A power of attorney signed by each spouse is needed (1 of 2 uploaded).')).toBeInTheDocument();
    expect(within(blocks).getByRole('link', { name: 'Upload on the dashboard' })).toHaveAttribute('href', `/?year=${YEAR}`);
    expect(screen.getByRole('button', { name: 'Transmit' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /I confirm/ })).toBeDisabled();
    await userEvent.click(within(blocks).getByRole('link', { name: 'Enter your tax ID' }));
    expect(currentPath(router)).toBe('/advanced-tax-info?tab=authorization');
  });

  it('asks for the confirmation at its field, then transmits with it and goes to the dashboard', async () => {
    const api = server(review(), {
      'POST /api/tax-year-status/transmit': json(200, { success: true, taxYear: YEAR, status: 'processing', current_status_id: 4, transmittedAt: 'x', fileCount: 3 }),
    });
    const { router } = renderReview();
    expect(await screen.findByText('Nothing is missing. You can transmit.')).toBeInTheDocument();
    const checkbox = screen.getByRole('checkbox', { name: /I confirm that my details and documents are complete and correct/ });
    await userEvent.click(screen.getByRole('button', { name: 'Transmit' }));
    expect(screen.getByText('Please tick the confirmation first.')).toBeInTheDocument();
    expect(checkbox).toHaveFocus();
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    expect(checkbox).toHaveAccessibleDescription('Please tick the confirmation first.');
    expect(api.calls('POST', '/api/tax-year-status/transmit')).toHaveLength(0);

    await userEvent.keyboard(' ');
    expect(checkbox).toBeChecked();
    expect(screen.queryByText('Please tick the confirmation first.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Transmit' }));
    await waitFor(() => expect(currentPath(router)).toBe(`/?year=${YEAR}`));
    expect(api.calls('POST', '/api/tax-year-status/transmit')[0]?.body).toEqual({ taxYear: YEAR, confirmed: true });
    expect(within(toastRegion()).getByText('Tax declaration transmitted!')).toBeInTheDocument();
  });

  it('says a refusal in German, next to the Transmit button', async () => {
    await setLanguage('de');
    server(review({ blocks: [] }), {
      'POST /api/tax-year-status/transmit': apiError(409, 'TAX_ID_MISSING', 'You said you have a tax ID…'),
    });
    renderReview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Prüfen und übermitteln 2025' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Ich bestätige/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Übermitteln' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sie haben angegeben, dass Sie eine Steuernummer haben: Erfassen Sie sie unter «Erweiterte Steuerangaben» → Vollmacht, bevor Sie übermitteln.',
    );
  });

  it('shows a transmitted year with what happens next and the receipt download', async () => {
    server(review({ current_status_id: 4, transmission: { transmittedAt: '2026-03-15T10:05:00.000Z', documents: [] } }));
    renderReview();
    expect(await screen.findByText('What happens next')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download receipt (PDF)' })).toHaveAttribute('href', `/api/tax/receipt?taxYear=${YEAR}`);
    expect(screen.queryByRole('button', { name: 'Transmit' })).not.toBeInTheDocument();
  });
});
