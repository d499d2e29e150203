import { describe, expect, it, vi } from 'vitest';
import { appEvents, emitAppEvent, onAppEvent } from './app-events';

describe('app events', () => {
  it('are window events under the names other screens use (spec part 1 §4, part 2)', () => {
    expect(Object.values(appEvents).sort()).toEqual(
      [
        'advancedTaxInfoAvailable',
        'disableTransmitFiles',
        'enableTransmitFiles',
        'session-expired',
        'taxStatusUpdated',
        'taxYearChanged',
        'toggle',
      ].sort(),
    );
    const heard = vi.fn();
    window.addEventListener('enableTransmitFiles', heard);
    emitAppEvent(appEvents.enableTransmitFiles, { taxYear: 2025 });
    window.removeEventListener('enableTransmitFiles', heard);
    expect((heard.mock.calls[0]![0] as CustomEvent).detail).toEqual({ taxYear: 2025 });
  });

  it('hands the detail of an event raised by anyone to the handler until it unsubscribes', () => {
    const years: number[] = [];
    const stop = onAppEvent(appEvents.disableTransmitFiles, ({ taxYear }) => years.push(taxYear));
    window.dispatchEvent(new CustomEvent('disableTransmitFiles', { detail: { taxYear: 2024 } }));
    emitAppEvent(appEvents.disableTransmitFiles, { taxYear: 2025 });
    stop();
    emitAppEvent(appEvents.disableTransmitFiles, { taxYear: 2026 });
    expect(years).toEqual([2024, 2025]);
  });
});
