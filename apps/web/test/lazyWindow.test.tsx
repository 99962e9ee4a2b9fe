import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWindow, preloadWindows } from '../src/lib/lazyWindow';

describe('windows the shell may open', () => {
  it('are fetched once by preloadWindows, before anyone opens them, and then draw', async () => {
    const load = vi.fn(() => Promise.resolve({ default: ({ text }: { text: string }) => <p>{text}</p> }));
    const Window = lazyWindow(load);
    expect(load).not.toHaveBeenCalled();
    void preloadWindows();
    void preloadWindows();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={null}>
        <Window text="Renew your plan" />
      </Suspense>,
    );
    expect(await screen.findByText('Renew your plan')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
