import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from '../../lib/query-keys';

/** Window events by which other screens (Advanced Tax Information) announce transmit changes (part 1 §4). */
export const TRANSMIT_EVENTS = {
  enable: 'enableTransmitFiles',
  disable: 'disableTransmitFiles',
  toggle: 'toggle',
  statusUpdated: 'taxStatusUpdated',
} as const;

const eventYear = (event: Event): number | undefined => {
  const year = (event as CustomEvent<{ taxYear?: unknown } | null>).detail?.taxYear;
  return typeof year === 'number' ? year : undefined;
};

/**
 * Listens to the transmit events. Whether transmit is enabled is the server's flag for the year
 * (D6), so every event reads the year's status again rather than trusting the event; `onEnabled`
 * runs for enableTransmitFiles of this year (or of no named year).
 */
export function useTransmitEvents(taxYear: number, onEnabled: () => void): void {
  const queryClient = useQueryClient();
  const enabledCallback = useRef(onEnabled);
  useEffect(() => {
    enabledCallback.current = onEnabled;
  });
  useEffect(() => {
    const reread = () => void queryClient.invalidateQueries({ queryKey: queryKeys.taxStatus(taxYear) });
    const enabled = (event: Event) => {
      const year = eventYear(event);
      if (year === undefined || year === taxYear) enabledCallback.current();
      reread();
    };
    const others = [TRANSMIT_EVENTS.disable, TRANSMIT_EVENTS.toggle, TRANSMIT_EVENTS.statusUpdated];
    window.addEventListener(TRANSMIT_EVENTS.enable, enabled);
    for (const name of others) window.addEventListener(name, reread);
    return () => {
      window.removeEventListener(TRANSMIT_EVENTS.enable, enabled);
      for (const name of others) window.removeEventListener(name, reread);
    };
  }, [queryClient, taxYear]);
}
