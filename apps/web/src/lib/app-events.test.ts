import { describe, expect, it, vi } from 'vitest';
import { appEvents, emitAppEvent, onAppEvent } from './app-events';

describe('app events', () => {
  it('are only the events whose raiser and listener share a screen: the session check', () => {
    expect(Object.values(appEvents)).toEqual(['session-expired']);
    const heard = vi.fn();
    window.addEventListener('session-expired', heard);
    emitAppEvent(appEvents.sessionExpired);
    window.removeEventListener('session-expired', heard);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('calls the handler for an event raised by anyone until it unsubscribes', () => {
    const heard = vi.fn();
    const stop = onAppEvent(appEvents.sessionExpired, heard);
    window.dispatchEvent(new CustomEvent('session-expired'));
    emitAppEvent(appEvents.sessionExpired);
    stop();
    emitAppEvent(appEvents.sessionExpired);
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
