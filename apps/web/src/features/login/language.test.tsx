import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, clearToasts, setLanguage, toastRegion } from '../../test/harness';
import { renderSignInForm, stubAudio, stubLoginServer } from './test-utils';

beforeEach(async () => {
  await setLanguage('en');
  stubAudio();
  clearToasts();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('en');
});

async function chooseLanguage(name: string) {
  // The language select is the sign-in screen's only select; its name is in the current language.
  await userEvent.selectOptions(screen.getByRole('combobox'), name);
}

describe('language', () => {
  it('switches every text of the sign-in, and the message already shown at the field', async () => {
    const server = stubLoginServer({ 'POST /api/auth/request-code': apiError(429, 'RATE_LIMITED', 'Too many codes') });
    await renderSignInForm();
    await userEvent.type(screen.getByLabelText('E-mail'), 'anna.example.ch');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid e-mail address');

    await chooseLanguage('Deutsch');
    expect(await screen.findByRole('heading', { level: 2, name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail')).toHaveValue('anna.example.ch');
    expect(screen.getByRole('button', { name: 'Code senden' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    await userEvent.clear(screen.getByLabelText('E-Mail'));
    await userEvent.type(screen.getByLabelText('E-Mail'), 'anna@example.ch');
    await userEvent.click(screen.getByRole('button', { name: 'Code senden' }));
    expect(await within(toastRegion()).findByText(/^Zu viele Anfragen\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Datenschutz' })).toBeInTheDocument();

    await chooseLanguage('Schwiizerdütsch');
    expect(await screen.findByRole('button', { name: 'Code schicke' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Aamälde' })).toBeInTheDocument();

    // The code is requested in the language chosen, so the e-mail comes in that language too.
    await userEvent.click(screen.getByRole('button', { name: 'Code schicke' }));
    await vi.waitFor(() => expect(server.calls('POST', '/api/auth/request-code')).toHaveLength(2));
    expect(server.calls('POST', '/api/auth/request-code')[1]?.body).toMatchObject({ language: 'gsw' });
  });

  it('translates the intro; the logo keeps its text, the brand name Taxli (D19)', async () => {
    stubLoginServer();
    await renderSignInForm();
    await chooseLanguage('Français');
    expect(await screen.findByRole('heading', { level: 1, name: "Économiser des impôts, intelligemment" })).toBeInTheDocument();
    expect(screen.getByAltText('Taxli')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer le code' })).toBeInTheDocument();
  });
});
