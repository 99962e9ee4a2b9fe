import { useEffect } from 'react';

/**
 * How long after a page is drawn the code it may need next is fetched (the side menu, the windows, a
 * storage's other tabs and editors, the export form): once the page's data and the notifications that
 * open by themselves 2 s after it are in (decision 0146; at 1.5 s it was fetched in the middle of them),
 * so that it weighs nothing on a phone's start (decisions 0159, 0178).
 */
export const SETTLED_MS = 6000;

/** Calls `preload` SETTLED_MS after the component was first drawn (once; not if it is gone by then). */
export function usePreloadWhenSettled(preload: () => void): void {
  useEffect(() => {
    const timer = setTimeout(preload, SETTLED_MS);
    return () => clearTimeout(timer);
  }, [preload]);
}

/**
 * The handlers that fetch a control's code ahead as the user goes for it: the pointer arriving (a mouse),
 * pressing (a finger, a few hundred ms before the tap's click) or focus arriving (the keyboard).
 */
export function preloadOnIntent(preload: () => void) {
  return { onPointerEnter: preload, onPointerDown: preload, onFocus: preload };
}
