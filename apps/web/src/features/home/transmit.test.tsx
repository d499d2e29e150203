import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxStatusResponse } from '@taxli/domain';
import { aUser, apiError, clearToasts, json, setLanguage } from '../../test/harness';
import { aFile, dashboardServer, renderHome, taxStatus, YEAR } from './test-dashboard';

const transmitButton = () => screen.findByRole('button', { name: 'Mark as Transmitted' });
const fire = (name: string, detail?: unknown) => act(() => void window.dispatchEvent(new CustomEvent(name, { detail })));

/** A tax-status route answering each call with the next of `answers` (the last one repeats). */
function answers(...list: TaxStatusResponse[]) {
  let call = 0;
  return () => json(200, list[Math.min(call++, list.length - 1)]);
}

const TRANSMITTED = { success: true, taxYear: YEAR, status: 'processing', current_status_id: 4, transmittedAt: '2026-11-22T10:00:00.000Z', fileCount: 6 };

describe('Mark as Transmitted', () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
  });
  afterEach(() => vi.unstubAllGlobals());

  describe('when it is enabled', () => {
    it('is enabled at status 3 once the server records the Advanced Tax Information section as complete', async () => {
      dashboardServer(taxStatus(3, { advancedInfoCompleted: true }));
      renderHome();
      expect(await transmitButton()).toBeEnabled();
    });

    it('says why it is off at status 3 while the section is not complete', async () => {
      dashboardServer(taxStatus(3));
      renderHome();
      const button = await transmitButton();
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Complete the Advanced Tax Information section to transmit.');
    });

    it.each([1, 2])('is off at status %i even with the section complete', async (id) => {
      dashboardServer(taxStatus(id, { advancedInfoCompleted: true }));
      renderHome();
      const button = await transmitButton();
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Upload all required documents first.');
    });

    it('is gone once the year is transmitted', async () => {
      dashboardServer(taxStatus(4, { advancedInfoCompleted: true }));
      renderHome();
      await screen.findByRole('region', { name: 'Documents Transmitted' });
      expect(screen.queryByRole('button', { name: 'Mark as Transmitted' })).not.toBeInTheDocument();
    });
  });

  describe('window events', () => {
    it('enableTransmitFiles announces it and takes the server flag again', async () => {
      const server = dashboardServer(answers(taxStatus(3), taxStatus(3, { advancedInfoCompleted: true })));
      renderHome();
      expect(await transmitButton()).toBeDisabled();
      fire('enableTransmitFiles', { taxYear: YEAR });
      expect(await screen.findByText('Transmit Files Enabled')).toBeInTheDocument();
      expect(screen.getByText('You can now transmit your documents for review.')).toBeInTheDocument();
      await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Mark as Transmitted' })).toBeEnabled());
      expect(server.calls('GET', `/api/tax-status?taxYear=${YEAR}`)).toHaveLength(2);
    });

    it('an enable event that the server does not confirm leaves the button off', async () => {
      const server = dashboardServer(taxStatus(3));
      renderHome();
      await transmitButton();
      fire('enableTransmitFiles');
      await vi.waitFor(() => expect(server.calls('GET', `/api/tax-status?taxYear=${YEAR}`)).toHaveLength(2));
      expect(screen.getByRole('button', { name: 'Mark as Transmitted' })).toBeDisabled();
    });

    it('says nothing about another year being enabled', async () => {
      dashboardServer(taxStatus(3));
      renderHome();
      await transmitButton();
      fire('enableTransmitFiles', { taxYear: 2023 });
      await act(async () => undefined);
      expect(screen.queryByText('Transmit Files Enabled')).not.toBeInTheDocument();
    });

    it.each(['disableTransmitFiles', 'toggle', 'taxStatusUpdated'])('%s takes the server flag again', async (event) => {
      const server = dashboardServer(answers(taxStatus(3, { advancedInfoCompleted: true }), taxStatus(3)));
      renderHome();
      expect(await transmitButton()).toBeEnabled();
      fire(event, { taxYear: YEAR });
      await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Mark as Transmitted' })).toBeDisabled());
      expect(server.calls('GET', `/api/tax-status?taxYear=${YEAR}`)).toHaveLength(2);
    });
  });

  it('transmits the year, says so, shows the banner, and fetches user, status and files again', async () => {
    const server = dashboardServer(answers(taxStatus(3, { advancedInfoCompleted: true }), taxStatus(4, { advancedInfoCompleted: true })), [aFile(1, 1)], {
      'POST /api/tax-year-status/transmit': json(200, TRANSMITTED),
      'GET /api/user': json(200, aUser({ taxStatus: 'processing' })),
    });
    renderHome();
    const button = await transmitButton();
    const statusCalls = server.calls('GET', `/api/tax-status?taxYear=${YEAR}`).length;
    const fileCalls = server.calls('GET', `/api/files?taxYear=${YEAR}`).length;
    await userEvent.click(button);
    expect(await screen.findByText('Tax declaration transmitted!')).toBeInTheDocument();
    expect(screen.getByText('Your tax documents have been transmitted for processing.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/tax-year-status/transmit').map((r) => r.body)).toEqual([{ taxYear: YEAR }]);
    expect(await screen.findByRole('region', { name: 'Documents Transmitted' })).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(server.calls('GET', `/api/tax-status?taxYear=${YEAR}`)).toHaveLength(statusCalls + 1);
      expect(server.calls('GET', `/api/files?taxYear=${YEAR}`)).toHaveLength(fileCalls + 1);
      expect(server.calls('GET', '/api/user')).toHaveLength(1);
    });
  });

  it("shows the server's reason when transmitting fails, and stays", async () => {
    dashboardServer(taxStatus(3, { advancedInfoCompleted: true }), [], {
      'POST /api/tax-year-status/transmit': apiError(409, 'ADVANCED_INFO_INCOMPLETE', 'Complete the Advanced Tax Information section before transmitting.'),
    });
    renderHome();
    await userEvent.click(await transmitButton());
    expect(await screen.findByText('Failed to transmit')).toBeInTheDocument();
    expect(screen.getByText('Complete the Advanced Tax Information section before transmitting.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Documents Transmitted' })).not.toBeInTheDocument();
  });

  it('says an unknown error occurred when no answer came', async () => {
    dashboardServer(taxStatus(3, { advancedInfoCompleted: true }), [], {
      'POST /api/tax-year-status/transmit': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderHome();
    await userEvent.click(await transmitButton());
    expect(await screen.findByText('Failed to transmit')).toBeInTheDocument();
    expect(screen.getByText('An unknown error occurred')).toBeInTheDocument();
  });
});
