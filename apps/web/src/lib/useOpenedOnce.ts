import { useState } from 'react';

/**
 * Whether a window has been open at least once: it is mounted from its first opening and kept, so that
 * it can play its closing transition, and its code (loaded on demand) is fetched only when it is first
 * wanted. Derived from `open` during the render (React draws again at once), not set beside it.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
