import { useCallback, useEffect, useState } from 'react';

/** Spec doc 1 §8: the unsaved-edits warning stays 10 s. */
const WARNING_MS = 10_000;

/**
 * Keeps the user on a storage while its edits are unsaved (spec doc 3 §4 "Closing while edited asks
 * for confirmation", doc 1 §8 "You have unsaved edits. Please close the storage before changing the
 * view."). The app routes declaratively (BrowserRouter), where react-router's useBlocker is not
 * available (it needs a data router, which the entry bundle does without, see app/appRoutes.tsx), so
 * the guard is threefold: the browser's own leave prompt on reload or close; in-app links (the side
 * menu, the header) stopped before the router sees the click; and the browser's back and forward
 * buttons, whose popstate is caught before the router's listener and undone by putting the
 * storage's entry back, with the warning shown instead (decision 0031).
 */
export function useUnsavedEditsGuard(dirty: boolean) {
  const [warning, setWarning] = useState(false);
  const warn = useCallback(() => setWarning(true), []);
  const close = useCallback(() => setWarning(false), []);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    // Capture phase on the document: runs before the router's link handler on the anchor.
    const onClick = (e: MouseEvent) => {
      const anchor = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank') return;
      const to = new URL(anchor.href, window.location.href);
      if (to.origin !== window.location.origin) return;
      e.preventDefault();
      e.stopPropagation();
      setWarning(true);
    };
    // The entry the user is on while the edits are unsaved: its state carries the router's index.
    const here = { state: window.history.state as unknown, url: window.location.href };
    // Back or forward has already moved the browser's history when popstate fires and cannot be
    // cancelled. Listening in the capture phase on window runs before the router's own (bubbling)
    // listener there; stopping the event keeps the router on the storage, and pushing the storage's
    // entry again puts the address back (the entries after it are dropped, as after any new visit).
    const onPopState = (e: PopStateEvent) => {
      e.stopImmediatePropagation();
      window.history.pushState(here.state, '', here.url);
      setWarning(true);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, [dirty]);

  // Saved or discarded edits take the warning away with them.
  return { warning: warning && dirty, warn, close, hideAfterMs: WARNING_MS };
}
