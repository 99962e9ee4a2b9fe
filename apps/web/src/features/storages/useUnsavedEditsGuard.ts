import { useCallback, useEffect, useState } from 'react';

/** Spec doc 1 §8: the unsaved-edits warning stays 10 s. */
const WARNING_MS = 10_000;

/**
 * Keeps the user on a storage while its edits are unsaved (spec doc 3 §4 "Closing while edited asks
 * for confirmation", doc 1 §8 "You have unsaved edits. Please close the storage before changing the
 * view."). The app routes declaratively (BrowserRouter), where react-router's useBlocker is not
 * available (it needs a data router), so the guard is twofold: the browser's own leave prompt on
 * reload or close, and in-app links (the side menu, the header) stopped before the router sees the
 * click, with the warning shown instead. The browser's back button is not held.
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
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  // Saved or discarded edits take the warning away with them.
  return { warning: warning && dirty, warn, close, hideAfterMs: WARNING_MS };
}
