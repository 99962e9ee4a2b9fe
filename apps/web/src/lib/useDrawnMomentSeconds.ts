import { useState } from 'react';
import { renderNowMs } from './renderContext';

/**
 * The moment the page is drawn at, in epoch seconds, fixed for the component's life: on the server the
 * request's moment, in the browser taking a drawn page over that same moment (lib/renderContext.ts), so
 * reads keyed by it ("up to now") are the ones the server drew and the take-over matches. A page that
 * should move on with the clock reads `useNowSeconds` instead.
 */
export function useDrawnMomentSeconds(): number {
  const [seconds] = useState(() => Math.floor(renderNowMs() / 1000));
  return seconds;
}
