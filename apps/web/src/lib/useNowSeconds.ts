import { useEffect, useState } from 'react';
import { renderClockPinned, renderNowMs } from './renderContext';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The current time in epoch seconds, re-read every `intervalMs`, so time-based highlights
 * (reading age, spec doc 2 §9: every 20 s) change without new data arriving. A page drawn on the server
 * is taken over at the moment it was drawn (lib/renderContext.ts: the same ages, no mismatch), then set
 * to the clock right after.
 */
export function useNowSeconds(intervalMs: number): number {
  const [now, setNow] = useState(() => Math.floor(renderNowMs() / 1000));
  useEffect(() => {
    // Taken over at the drawn page's moment: the clock's once the page is the browser's.
    const catchUp = renderClockPinned() ? setTimeout(() => setNow(nowSeconds()), 0) : undefined;
    const id = setInterval(() => setNow(nowSeconds()), intervalMs);
    return () => {
      clearTimeout(catchUp);
      clearInterval(id);
    };
  }, [intervalMs]);
  return now;
}
