import { useLayoutEffect, type ReactNode } from 'react';

/**
 * Runs `run` once React has committed its take-over of a drawn page (its first commit), and draws
 * `children` as they are (no element of its own: the drawn page matches as before). Before that commit
 * an element may already carry React's fiber (hydration's render claims the drawn elements as it goes)
 * while an event dispatched at it reaches no handler: text typed on the drawn page and given back to its
 * field then was lost (lib/earlyTaps.ts).
 */
export function AfterTakeOver({ run, children }: { run: () => void; children: ReactNode }) {
  useLayoutEffect(run, [run]);
  return children;
}
