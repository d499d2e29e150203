import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { forgetSession } from './forget-session';
import { claimKeptTexts, forgetKeptTexts, useKeptText } from './kept-text';

it('keeps a typed text for the tab when the page is left and opened again, until it is sent (emptied)', () => {
  const first = renderHook(() => useKeptText('message'));
  act(() => first.result.current[1]('Grüezi, my 3a certificate follows'));
  first.unmount();

  const again = renderHook(() => useKeptText('message'));
  expect(again.result.current[0]).toBe('Grüezi, my 3a certificate follows');
  act(() => again.result.current[1](''));
  again.unmount();
  expect(renderHook(() => useKeptText('message')).result.current[0]).toBe('');
});

it('keeps each subject apart, also when the same screen moves to another one', () => {
  let key = 'changes:2025';
  const hook = renderHook(() => useKeptText(key));
  act(() => hook.result.current[1]('The pillar 3a payment is missing.'));
  key = 'changes:2024';
  hook.rerender();
  expect(hook.result.current[0]).toBe('');
  key = 'changes:2025';
  hook.rerender();
  expect(hook.result.current[0]).toBe('The pillar 3a payment is missing.');
});

it('forgets every kept text at sign-out, and only its own keys', () => {
  window.sessionStorage.setItem('other.app', 'stays');
  const hook = renderHook(() => useKeptText('expert-message:7:2025'));
  act(() => hook.result.current[1]('Please send the salary statement.'));
  hook.unmount();
  forgetKeptTexts();
  expect(renderHook(() => useKeptText('expert-message:7:2025')).result.current[0]).toBe('');
  expect(window.sessionStorage.getItem('other.app')).toBe('stays');
});

it('keeps the texts for the account that typed them over a session that ran out, and drops them when another account signs in', () => {
  claimKeptTexts(7);
  const hook = renderHook(() => useKeptText('message'));
  act(() => hook.result.current[1]('My salary statement follows.'));
  hook.unmount();

  // The session ran out and the same person signs in again: the text is there.
  const queryClient = new QueryClient();
  forgetSession(queryClient, { keptTexts: 'keep' });
  claimKeptTexts(7);
  expect(renderHook(() => useKeptText('message')).result.current[0]).toBe('My salary statement follows.');

  // Another account on this tab never reads it.
  claimKeptTexts(8);
  expect(renderHook(() => useKeptText('message')).result.current[0]).toBe('');
});

it('drops texts of no known account when one signs in, and every text when the account signs out', () => {
  const first = renderHook(() => useKeptText('message'));
  act(() => first.result.current[1]('Typed before any account was seen'));
  claimKeptTexts(7);
  expect(renderHook(() => useKeptText('message')).result.current[0]).toBe('');

  const again = renderHook(() => useKeptText('message'));
  act(() => again.result.current[1]('Typed by account 7'));
  forgetSession(new QueryClient());
  claimKeptTexts(7);
  expect(renderHook(() => useKeptText('message')).result.current[0]).toBe('');
});
