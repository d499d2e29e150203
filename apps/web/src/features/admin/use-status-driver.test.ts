import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxStatusId } from '@taxli/domain';
import { AUTO_ADVANCE_INTERVAL_MS, LOOP_INTERVAL_MS, useStatusDriver } from './use-status-driver';

/** A server that records every status it is asked to set; `failOn` makes the n-th call fail. */
function fakeServer(failOn?: number) {
  const sets: TaxStatusId[] = [];
  const apply = vi.fn(async (to: TaxStatusId) => {
    sets.push(to);
    if (sets.length === failOn) throw new Error('refused');
  });
  return { sets, apply };
}

function renderDriver(status: TaxStatusId, failOn?: number) {
  const server = fakeServer(failOn);
  const onLoopStarted = vi.fn();
  const onStopped = vi.fn();
  const view = renderHook(() => useStatusDriver({ status, apply: server.apply, onLoopStarted, onStopped }));
  return { ...view, ...server, onLoopStarted, onStopped };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the admin stepper (part 2 §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('Auto Advance takes one step every 2.5 s and stops at the last status', async () => {
    const driver = renderDriver(4);
    act(() => driver.result.current.toggleAutoAdvance());
    expect(driver.result.current.mode).toBe('auto');
    await wait(AUTO_ADVANCE_INTERVAL_MS - 1);
    expect(driver.sets).toEqual([]);
    await wait(1);
    expect(driver.sets).toEqual([5]);
    await wait(AUTO_ADVANCE_INTERVAL_MS);
    expect(driver.sets).toEqual([5, 6]);
    expect(driver.result.current.mode).toBe('idle');
    await wait(AUTO_ADVANCE_INTERVAL_MS * 4);
    expect(driver.sets).toEqual([5, 6]);
    expect(driver.onStopped).not.toHaveBeenCalled();
  });

  it('offers no Auto Advance at the last status', () => {
    expect(renderDriver(6).result.current.canAutoAdvance).toBe(false);
    expect(renderDriver(5).result.current.canAutoAdvance).toBe(true);
  });

  it('Loop resets to the first status, then advances every 2 s, wrapping and counting cycles, until the second click', async () => {
    const driver = renderDriver(4);
    act(() => driver.result.current.toggleLoop());
    expect(driver.onLoopStarted).toHaveBeenCalledTimes(1);
    await wait(0);
    expect(driver.sets).toEqual([1]);
    await wait(LOOP_INTERVAL_MS * 5);
    expect(driver.sets).toEqual([1, 2, 3, 4, 5, 6]);
    expect(driver.result.current.cycles).toBe(0);
    await wait(LOOP_INTERVAL_MS);
    expect(driver.sets).toEqual([1, 2, 3, 4, 5, 6, 1]);
    expect(driver.result.current.cycles).toBe(1);
    await wait(LOOP_INTERVAL_MS * 6);
    expect(driver.result.current.cycles).toBe(2);

    act(() => driver.result.current.toggleLoop());
    expect(driver.result.current.mode).toBe('idle');
    expect(driver.onStopped).toHaveBeenCalledWith({ mode: 'loop', cycles: 2, failed: false });
    const count = driver.sets.length;
    await wait(LOOP_INTERVAL_MS * 5);
    expect(driver.sets).toHaveLength(count);
  });

  it('Auto Advance and Loop exclude each other', async () => {
    const driver = renderDriver(2);
    act(() => driver.result.current.toggleLoop());
    act(() => driver.result.current.toggleAutoAdvance());
    expect(driver.result.current.mode).toBe('loop');
    expect(driver.result.current.canAutoAdvance).toBe(false);
    act(() => driver.result.current.toggleLoop());

    act(() => driver.result.current.toggleAutoAdvance());
    act(() => driver.result.current.toggleLoop());
    expect(driver.result.current.mode).toBe('auto');
    expect(driver.onLoopStarted).toHaveBeenCalledTimes(1);
  });

  it('a failed update stops the Loop and says so', async () => {
    const driver = renderDriver(3, 3);
    act(() => driver.result.current.toggleLoop());
    await wait(LOOP_INTERVAL_MS * 5);
    expect(driver.sets).toEqual([1, 2, 3]);
    expect(driver.result.current.mode).toBe('idle');
    expect(driver.onStopped).toHaveBeenCalledWith({ mode: 'loop', cycles: 0, failed: true });
  });

  it('a failed update stops Auto Advance and says so', async () => {
    const driver = renderDriver(1, 1);
    act(() => driver.result.current.toggleAutoAdvance());
    await wait(AUTO_ADVANCE_INTERVAL_MS * 3);
    expect(driver.sets).toEqual([2]);
    expect(driver.result.current.mode).toBe('idle');
    expect(driver.onStopped).toHaveBeenCalledWith({ mode: 'auto', cycles: 0, failed: true });
  });

  it('leaving the view stops the Loop', async () => {
    const driver = renderDriver(1);
    act(() => driver.result.current.toggleLoop());
    await wait(LOOP_INTERVAL_MS);
    const count = driver.sets.length;
    driver.unmount();
    await wait(LOOP_INTERVAL_MS * 5);
    expect(driver.sets).toHaveLength(count);
  });
});
