import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useShownAtLeast } from './use-shown-at-least';

describe('useShownAtLeast (the loading overlay shows at least 500 ms)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('stays shown for 500 ms after loading started even when loading ends sooner', () => {
    const { result, rerender } = renderHook(({ active }) => useShownAtLeast(active, 500), { initialProps: { active: true } });
    expect(result.current).toBe(true);
    act(() => void vi.advanceTimersByTime(100));
    rerender({ active: false });
    expect(result.current).toBe(true);
    act(() => void vi.advanceTimersByTime(399));
    expect(result.current).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('stays shown as long as loading lasts beyond 500 ms', () => {
    const { result, rerender } = renderHook(({ active }) => useShownAtLeast(active, 500), { initialProps: { active: true } });
    act(() => void vi.advanceTimersByTime(2000));
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
  });

  it('never shows when nothing loads, and counts again from a later start', () => {
    const { result, rerender } = renderHook(({ active }) => useShownAtLeast(active, 500), { initialProps: { active: false } });
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(5000));
    rerender({ active: true });
    rerender({ active: false });
    expect(result.current).toBe(true);
    act(() => void vi.advanceTimersByTime(500));
    expect(result.current).toBe(false);
  });
});
