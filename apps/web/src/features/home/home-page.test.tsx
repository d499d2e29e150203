import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, apiError, clearToasts, json, setLanguage } from '../../test/harness';
import { aFile, dashboardServer, renderHome, taxStatus, YEAR, yearRoutes } from './test-dashboard';

const stepsOf = (year: number) => screen.getByRole('list', { name: `Steps of your tax return for ${year}` });
const currentStep = (year: number) => within(stepsOf(year)).getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'step');

describe('dashboard', () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the year with its badge, the six steps at Documents, the next step and what the status means', async () => {
    dashboardServer(taxStatus(3));
    renderHome();
    expect(await screen.findByRole('heading', { level: 2, name: 'Tax Status for 2025' })).toBeInTheDocument();
    expect(within(stepsOf(YEAR)).getAllByRole('listitem').map((li) => li.textContent?.replace(/ \(done\)$/, '').replace(/^\d/, ''))).toEqual([
      'Initial',
      'Tax Profile',
      'Documents',
      'Transmitted',
      'Reviewed',
      'Completed',
    ]);
    expect(currentStep(YEAR)).toHaveTextContent('Documents');
    expect(screen.getByText('Step 3 of 6')).toBeInTheDocument();
    expect(screen.getByText('Finish the Advanced Tax Information section')).toBeInTheDocument();
    expect(screen.getByText('Your documents have been received.')).toBeInTheDocument();
  });

  describe('status precedence (part 1 §4)', () => {
    it('takes the status string before the numeric id', async () => {
      dashboardServer({ ...taxStatus(2), status: 'review_required' });
      renderHome();
      await screen.findByRole('heading', { name: 'Tax Status for 2025' });
      expect(currentStep(YEAR)).toHaveTextContent('Reviewed');
    });

    it('takes the numeric id when the status string is unknown', async () => {
      dashboardServer({ ...taxStatus(5), status: 'something_else' as never });
      renderHome();
      await screen.findByRole('heading', { name: 'Tax Status for 2025' });
      expect(currentStep(YEAR)).toHaveTextContent('Reviewed');
    });

    it('ignores an answer for another year and shows status 1', async () => {
      dashboardServer(taxStatus(6, { taxYear: 2024 }));
      renderHome({ user: aUser({ taxStatus: 'completed' }) });
      await screen.findByRole('heading', { name: 'Tax Status for 2025' });
      expect(currentStep(YEAR)).toHaveTextContent('Initial');
      expect(screen.getByText('Complete your Tax Profile')).toBeInTheDocument();
    });

    it("falls back to the user's own status for the year when the status cannot be fetched", async () => {
      dashboardServer(apiError(403, 'FORBIDDEN', 'No'));
      renderHome({ user: aUser({ taxStatus: 'documents_pending', taxYear: YEAR }) });
      await screen.findByRole('heading', { name: 'Tax Status for 2025' });
      expect(currentStep(YEAR)).toHaveTextContent('Tax Profile');
    });
  });

  describe('required-documents checklist', () => {
    it('ticks each required category with a file and shows the percentage', async () => {
      dashboardServer(taxStatus(2), [aFile(1, 1), aFile(2, 5), aFile(3, 21), aFile(4, 21), aFile(5, 12)]);
      renderHome();
      const checklist = await screen.findByRole('region', { name: 'Required documents' });
      expect(within(checklist).getByText('50% complete')).toBeInTheDocument();
      expect(within(checklist).getByRole('progressbar', { name: 'Required documents uploaded' })).toHaveAttribute('aria-valuenow', '50');
      expect(within(checklist).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'Bank Documentsuploaded',
        'Insurance Certificatesmissing',
        'Proof of Professional Expensesmissing',
        'Receipts for Deductionsmissing',
        'Salary Statementuploaded',
        'Transportuploaded',
      ]);
    });

    it('is not shown at status 1', async () => {
      dashboardServer(taxStatus(1));
      renderHome();
      await screen.findByRole('heading', { name: 'Tax Status for 2025' });
      expect(screen.queryByRole('region', { name: 'Required documents' })).not.toBeInTheDocument();
    });

    it("is shown at status 1 from the server when the user's own record says documents are pending", async () => {
      dashboardServer(taxStatus(1));
      renderHome({ user: aUser({ taxStatus: 'documents_pending', taxYear: YEAR }) });
      expect(await screen.findByRole('region', { name: 'Required documents' })).toHaveTextContent('0% complete');
    });

    it.each([4, 5, 6])('gives way to the Documents Transmitted banner at status %i', async (id) => {
      dashboardServer(taxStatus(id), [aFile(1, 1)]);
      renderHome({ user: aUser({ taxStatus: 'documents_submitted', taxYear: YEAR }) });
      expect(await screen.findByRole('region', { name: 'Documents Transmitted' })).toHaveTextContent('Your documents for 2025 are with our tax experts.');
      expect(screen.queryByRole('region', { name: 'Required documents' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Mark as Transmitted' })).not.toBeInTheDocument();
    });

    it('shows the checklist and no banner at status 3', async () => {
      dashboardServer(taxStatus(3));
      renderHome();
      expect(await screen.findByRole('region', { name: 'Required documents' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Documents Transmitted' })).not.toBeInTheDocument();
    });
  });

  describe('tax-profile status', () => {
    it('leads to the first-time profile while the status is Initial and the profile incomplete', async () => {
      dashboardServer(taxStatus(1));
      renderHome({ user: aUser({ isProfileComplete: false }) });
      expect(await screen.findByRole('link', { name: /Complete your tax profile/ })).toHaveAttribute('href', '/profile?firstTime=true');
    });

    it('leads to the tax-profile wizard while the status is Initial and the profile complete', async () => {
      dashboardServer(taxStatus(1));
      renderHome();
      expect(await screen.findByRole('link', { name: /Complete your tax profile/ })).toHaveAttribute('href', '/profile?setup=tax');
    });

    it.each([
      [2, 'In Progress'],
      [3, 'Documents Submitted'],
      [4, 'Transmitted'],
      [5, 'Under Review'],
      [6, 'Completed'],
    ])('at status %i says Tax Profile Complete with "%s", and is no link', async (id, subtitle) => {
      dashboardServer(taxStatus(id));
      renderHome();
      const done = await screen.findByText('Tax Profile Complete');
      expect(done.parentElement).toHaveTextContent(`Tax Profile Complete${subtitle}`);
      expect(screen.queryByRole('link', { name: /tax profile/i })).not.toBeInTheDocument();
    });
  });

  it('offers to install the app when the browser allows it, and says so when it does not', async () => {
    dashboardServer(taxStatus(2));
    renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Install App' }));
    expect(await screen.findByText('Installation not available')).toBeInTheDocument();

    const prompt = vi.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => void window.dispatchEvent(offer));
    expect(offer.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Install App' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    // An offer can be used once: the next press says installing is not available.
    clearToasts();
    await userEvent.click(screen.getByRole('button', { name: 'Install App' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Installation not available')).toBeInTheDocument();
  });

  describe('loading overlay', () => {
    it('covers the page until status, files and categories are there, and for at least 500 ms', async () => {
      vi.useFakeTimers();
      let answerFiles: (response: Response) => void = () => undefined;
      const files = new Promise<Response>((resolve) => (answerFiles = resolve));
      dashboardServer(taxStatus(2), [], { [`GET /api/files?taxYear=${YEAR}`]: () => files });
      renderHome();
      const overlay = screen.getByRole('status', { name: 'Loading your tax year' });
      expect(overlay).toHaveTextContent('Please wait, loading your tax year…');
      expect(screen.queryByRole('heading', { name: 'Tax Status for 2025' })).not.toBeInTheDocument();

      // Status and categories arrive at once; the files only after 800 ms: the overlay waits for them.
      await act(() => vi.advanceTimersByTimeAsync(800));
      expect(screen.getByRole('status', { name: 'Loading your tax year' })).toBeInTheDocument();
      await act(async () => answerFiles(json(200, [])));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.queryByRole('status', { name: 'Loading your tax year' })).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Tax Status for 2025' })).toBeInTheDocument();
    });

    it('stays 500 ms even when everything is there at once', async () => {
      vi.useFakeTimers();
      dashboardServer(taxStatus(2));
      renderHome();
      await act(() => vi.advanceTimersByTimeAsync(450));
      expect(screen.getByRole('status', { name: 'Loading your tax year' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(60));
      expect(screen.queryByRole('status', { name: 'Loading your tax year' })).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Tax Status for 2025' })).toBeInTheDocument();
    });
  });

  it('shows another year chosen in the selector with its own status, and keeps it in the URL', async () => {
    dashboardServer(taxStatus(3), [], yearRoutes(2024, taxStatus(6, { taxYear: 2024 })));
    renderHome();
    await screen.findByRole('heading', { name: 'Tax Status for 2025' });
    await userEvent.click(within(screen.getByRole('group', { name: 'Tax year' })).getByRole('button', { name: '2024' }));
    expect(await screen.findByRole('heading', { name: 'Tax Status for 2024' })).toBeInTheDocument();
    expect(currentStep(2024)).toHaveTextContent('Completed');
    expect(screen.getByTestId('location')).toHaveTextContent('dashboard at /?year=2024');
    expect(screen.getByRole('button', { name: '2024' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens on the year named in the URL, so a reload keeps it', async () => {
    dashboardServer(taxStatus(3), [], yearRoutes(2023, taxStatus(4, { taxYear: 2023 })));
    renderHome({ path: '/?year=2023' });
    expect(await screen.findByRole('heading', { name: 'Tax Status for 2023' })).toBeInTheDocument();
    expect(currentStep(2023)).toHaveTextContent('Transmitted');
  });

  it.each(['2026', '2019', 'abc'])('ignores a year the dashboard does not offer in the URL (%s)', async (year) => {
    dashboardServer(taxStatus(2));
    renderHome({ path: `/?year=${year}` });
    expect(await screen.findByRole('heading', { name: 'Tax Status for 2025' })).toBeInTheDocument();
  });

  it('speaks Swiss German', async () => {
    await setLanguage('gsw');
    dashboardServer(taxStatus(6));
    renderHome({ user: aUser({ taxStatus: 'completed' }) });
    expect(await screen.findByText('Gratuliere! Dini Stüürerklärig isch erfolgriich übermittlet worde')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Grüezi Anna' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unterlage übermittlet' })).toBeInTheDocument();
    expect(screen.getByText('Ihri Stüürerklärig isch abgschlosse.')).toBeInTheDocument();
  });
});
