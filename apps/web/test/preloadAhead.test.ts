import { createElement } from 'react';
import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadOnIntent, SETTLED_MS, usePreloadWhenSettled } from '../src/lib/preloadAhead';

// Decisions 0159, 0178: what a page may need next is fetched once it has settled, not on its start.
describe('usePreloadWhenSettled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('preloads once, when the page has settled, not before', () => {
    const preload = vi.fn();
    const { rerender } = renderHook(() => usePreloadWhenSettled(preload));
    vi.advanceTimersByTime(SETTLED_MS - 1);
    rerender();
    expect(preload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(preload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SETTLED_MS * 3);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('preloads nothing for a page left before it settled', () => {
    const preload = vi.fn();
    const { unmount } = renderHook(() => usePreloadWhenSettled(preload));
    vi.advanceTimersByTime(SETTLED_MS / 2);
    unmount();
    vi.advanceTimersByTime(SETTLED_MS);
    expect(preload).not.toHaveBeenCalled();
  });
});

describe('preloadOnIntent', () => {
  it('preloads as the pointer arrives or presses, or focus arrives, before the click', () => {
    const preload = vi.fn();
    render(createElement('button', { type: 'button', ...preloadOnIntent(preload) }, 'Export'));
    const button = screen.getByRole('button', { name: 'Export' });
    fireEvent.pointerEnter(button);
    fireEvent.pointerDown(button);
    fireEvent.focus(button);
    expect(preload).toHaveBeenCalledTimes(3);
  });
});
