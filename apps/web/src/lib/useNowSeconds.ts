import { useEffect, useState } from 'react';
import { renderNowMs } from './renderContext';

/**
 * The current time in epoch seconds, re-read every `intervalMs`, so time-based highlights
 * (reading age, spec doc 2 §9: every 20 s) change without new data arriving. A page drawn on the server
 * is taken over at the moment it was drawn (lib/renderContext.ts: the same ages, no mismatch) and reads
 * the clock at the next interval: a second or two behind until then, on ages shown in minutes, and no
 * second render of every row while the page is being taken over.
 */
export function useNowSeconds(intervalMs: number): number {
  const [now, setNow] = useState(() => Math.floor(renderNowMs() / 1000));
  useEffect(() => {
    const id = setInterval(() => setNow(Math.floor(Date.now() / 1000)), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
