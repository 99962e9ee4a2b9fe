import { useEffect, useState } from 'react';

/**
 * The current time in epoch seconds, re-read every `intervalMs`, so time-based highlights
 * (reading age, spec doc 2 §9: every 20 s) change without new data arriving.
 */
export function useNowSeconds(intervalMs: number): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const id = setInterval(() => setNow(Math.floor(Date.now() / 1000)), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
