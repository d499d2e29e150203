import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, clearToasts, json, renderRoutes, setLanguage, stubServer, type Route } from '../../test/harness';
import { MessageBox } from './message-box';

const SAVED = { success: true, id: 1, createdAt: '2026-11-22T10:00:00.000Z' };

function render(answer: Route) {
  const server = stubServer({ 'POST /api/send-message': answer });
  renderRoutes([{ path: '/', Component: MessageBox }]);
  return server;
}

const box = () => screen.getByRole('textbox', { name: 'Your message to our tax experts' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

describe('Send Message', () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps Send off while the message is blank, and refuses a blank message sent by keyboard', async () => {
    const server = render(json(201, SAVED));
    expect(sendButton()).toBeDisabled();
    await userEvent.type(box(), '   ');
    expect(sendButton()).toBeDisabled();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Message cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Please enter a message to send')).toBeInTheDocument();
    expect(server.calls('POST', '/api/send-message')).toHaveLength(0);
  });

  it('sends, clears the text, says so in a toast and inline for 5 s', async () => {
    vi.useFakeTimers();
    const server = render(json(201, SAVED));
    fireEvent.change(box(), { target: { value: 'Wann ist die Frist?' } });
    fireEvent.click(sendButton());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.calls('POST', '/api/send-message').map((r) => r.body)).toEqual([{ message: 'Wann ist die Frist?' }]);
    expect(box()).toHaveValue('');
    expect(screen.getByText('Message Sent')).toBeInTheDocument();
    expect(screen.getByText('Your message has been saved successfully')).toBeInTheDocument();
    const notice = screen.getByText('Message sent successfully!');
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(notice).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Message sent successfully!')).not.toBeInTheDocument();
  });

  it('sends with Ctrl+Enter too', async () => {
    const server = render(json(201, SAVED));
    await userEvent.type(box(), 'Frage');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
    expect(server.calls('POST', '/api/send-message')).toHaveLength(1);
  });

  it("keeps the text when sending fails and shows the server's reason", async () => {
    render(apiError(400, 'VALIDATION_ERROR', 'Message is too long (at most 5000 characters)'));
    await userEvent.type(box(), 'Ich habe eine Frage');
    await userEvent.click(sendButton());
    expect(await screen.findByText('Message Failed')).toBeInTheDocument();
    expect(screen.getByText('Message is too long (at most 5000 characters)')).toBeInTheDocument();
    expect(box()).toHaveValue('Ich habe eine Frage');
    expect(screen.queryByText('Message sent successfully!')).not.toBeInTheDocument();
  });

  it('asks to try again when no answer came', async () => {
    render(() => Promise.reject(new TypeError('Failed to fetch')));
    await userEvent.type(box(), 'Hallo');
    await userEvent.click(sendButton());
    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    expect(box()).toHaveValue('Hallo');
  });

  it('is off while sending, so a message goes once', async () => {
    let answer: (response: Response) => void = () => undefined;
    const server = render(() => new Promise<Response>((resolve) => (answer = resolve)));
    await userEvent.type(box(), 'Hallo');
    await userEvent.click(sendButton());
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(server.calls('POST', '/api/send-message')).toHaveLength(1);
    await act(async () => answer(json(201, SAVED)));
    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
  });
});
