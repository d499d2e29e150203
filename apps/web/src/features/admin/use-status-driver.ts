import { useCallback, useEffect, useRef, useState } from 'react';
import { nextTaxStatus, type TaxStatusId } from '@taxli/domain';

/** Part 2 §9: the Loop advances every 2 s, Auto Advance every 2.5 s. */
export const LOOP_INTERVAL_MS = 2_000;
export const AUTO_ADVANCE_INTERVAL_MS = 2_500;
const LAST_STATUS: TaxStatusId = 6;

export type DriverMode = 'idle' | 'auto' | 'loop';

interface StatusDriverOptions {
  /** The status the server last reported for the driven account and year (undefined: not loaded). */
  status: TaxStatusId | undefined;
  /** Sets a status on the server; rejects when the server refuses. */
  apply: (to: TaxStatusId) => Promise<unknown>;
  onLoopStarted?: () => void;
  /** A Loop ended by a second click, or a Loop or Auto Advance ended because an update failed (part 2 §4). */
  onStopped?: (stop: { mode: 'auto' | 'loop'; cycles: number; failed: boolean }) => void;
}

/**
 * The admin panel's stepper (part 2 §4): Auto Advance
 * (one step every 2.5 s, stops at the last step) and Loop (reset to the first status, then one step
 * every 2 s, wrapping, counting the completed cycles). Auto Advance and Loop exclude each other; a
 * failed update stops either; leaving the view (unmount) stops them too. Previous / Next / Reset
 * are single changes the view makes itself (the wrap rules are the domain's nextTaxStatus and
 * previousTaxStatus).
 * Steps are chained — the next waits for the server's answer — so a slow answer never overlaps.
 */
export function useStatusDriver({ status, apply, onLoopStarted, onStopped }: StatusDriverOptions) {
  const [mode, setMode] = useState<DriverMode>('idle');
  const [cycles, setCycles] = useState(0);
  const latest = useRef({ status, apply, onLoopStarted, onStopped });
  latest.current = { status, apply, onLoopStarted, onStopped };
  const cyclesRef = useRef(0);

  useEffect(() => {
    if (mode === 'idle') return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const failed = () => {
      latest.current.onStopped?.({ mode, cycles: cyclesRef.current, failed: true });
      setMode('idle');
    };
    /** One status change; false when it failed or the run was cancelled meanwhile. */
    const step = async (to: TaxStatusId): Promise<boolean> => {
      try {
        await latest.current.apply(to);
      } catch {
        if (!cancelled) failed();
        return false;
      }
      return !cancelled;
    };
    const run = async (from: TaxStatusId) => {
      const to = nextTaxStatus(from);
      if (!(await step(to))) return;
      if (mode === 'loop' && to === 1) {
        cyclesRef.current += 1;
        setCycles(cyclesRef.current);
      }
      if (mode === 'auto' && to === LAST_STATUS) {
        setMode('idle');
        return;
      }
      timer = setTimeout(() => void run(to), mode === 'loop' ? LOOP_INTERVAL_MS : AUTO_ADVANCE_INTERVAL_MS);
    };

    if (mode === 'loop') {
      cyclesRef.current = 0;
      setCycles(0);
      latest.current.onLoopStarted?.();
      void (async () => {
        if (await step(1)) timer = setTimeout(() => void run(1), LOOP_INTERVAL_MS);
      })();
    } else {
      const from = latest.current.status ?? 1;
      timer = setTimeout(() => void run(from), AUTO_ADVANCE_INTERVAL_MS);
    }
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [mode]);

  const modeNow = useRef(mode);
  modeNow.current = mode;

  const toggleLoop = useCallback(() => {
    if (modeNow.current === 'loop') {
      latest.current.onStopped?.({ mode: 'loop', cycles: cyclesRef.current, failed: false });
      setMode('idle');
    } else if (modeNow.current === 'idle') {
      setMode('loop');
    }
  }, []);

  const toggleAutoAdvance = useCallback(() => {
    if (modeNow.current === 'auto') setMode('idle');
    else if (modeNow.current === 'idle') setMode('auto');
  }, []);

  return {
    mode,
    cycles,
    toggleLoop,
    toggleAutoAdvance,
    /** Auto Advance has nothing to do at the last status. */
    canAutoAdvance: mode === 'auto' || (mode === 'idle' && status !== undefined && status !== LAST_STATUS),
  };
}

export type StatusDriver = ReturnType<typeof useStatusDriver>;
