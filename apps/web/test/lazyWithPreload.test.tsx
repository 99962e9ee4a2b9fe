import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from '../src/lib/lazyWithPreload';

// Decision 0174: a drawn page is taken over with its code loaded, in one pass — a component whose code is
// here when it is first drawn is drawn at once, not through React.lazy, which suspends once even then.

const Page = ({ name }: { name: string }) => <p>page {name}</p>;

describe('lazyWithPreload', () => {
  it('draws a component whose code is here at once, without its fallback', async () => {
    const Lazy = lazyWithPreload(() => Promise.resolve({ default: Page }));
    await Lazy.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="preloaded" />
      </Suspense>,
    );
    expect(screen.getByText('page preloaded')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('draws one whose code is not here yet through its fallback, then keeps it as it is', async () => {
    let resolve: (m: { default: typeof Page }) => void = () => {};
    const Lazy = lazyWithPreload(() => new Promise<{ default: typeof Page }>((r) => (resolve = r)));
    const { rerender } = render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="late" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(() => {
      resolve({ default: Page });
      return Promise.resolve();
    });
    const shown = screen.getByText('page late');
    // Drawn again now that the code is here: the same element, not a component of another type.
    rerender(
      <Suspense fallback={<p>loading</p>}>
        <Lazy name="late" />
      </Suspense>,
    );
    expect(screen.getByText('page late')).toBe(shown);
  });

  it('forgets a failed fetch, so that the next preload tries again', async () => {
    let calls = 0;
    const Lazy = lazyWithPreload(() =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Page }),
    );
    await Lazy.preload();
    await Lazy.preload();
    expect(calls).toBe(2);
    render(<Lazy name="again" />);
    expect(screen.getByText('page again')).toBeTruthy();
  });
});
