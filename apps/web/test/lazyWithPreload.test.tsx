import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { drawnPart, lazyWithPreload, preloadDrawnParts } from '../src/lib/lazyWithPreload';
import { setRenderRequest, takeDrawnParts } from '../src/lib/renderContext';

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

// A part inside a page with code of its own (a tab's chart, the admin bar) that the server drew: its
// name goes with the page, and the browser fetches its code before taking the page over.
describe('drawnPart', () => {
  afterEach(() => setRenderRequest(null));
  const serverRender = {
    cookies: '',
    screen: { width: 412, reducedMotion: false },
    timeZone: 'UTC',
    nowMs: 0,
  };

  it('names itself when a server render draws it, once, and not in the browser', async () => {
    const Chart = drawnPart('test.Chart', () => Promise.resolve({ default: Page }));
    await Chart.preload();
    setRenderRequest(serverRender);
    renderToString(
      <>
        <Chart name="a" />
        <Chart name="b" />
      </>,
    );
    expect(takeDrawnParts()).toEqual(['test.Chart']);
    // Forgotten once read, and by the next render's start.
    expect(takeDrawnParts()).toEqual([]);
    setRenderRequest(null);
    render(<Chart name="browser" />);
    expect(takeDrawnParts()).toEqual([]);
  });

  it('is fetched by the name a drawn page gives; a name the build does not know is passed over', async () => {
    let calls = 0;
    drawnPart('test.Table', () => {
      calls++;
      return Promise.resolve({ default: Page });
    });
    await preloadDrawnParts(['test.Table', 'test.Unknown']);
    await preloadDrawnParts(['test.Table']);
    expect(calls).toBe(1);
  });
});
