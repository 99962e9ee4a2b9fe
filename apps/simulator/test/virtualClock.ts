/**
 * A wall clock for runLive (its `now` and `wait`) that moves on at once when it is waited on, so a test
 * plays hours of rounds without waiting for them; waiting past `endMs` aborts `stop`, which ends the run.
 */
export function virtualClock(startMs: number, endMs: number, stop: AbortController) {
  let t = startMs;
  return {
    now: () => t,
    wait: (ms: number, signal: AbortSignal): Promise<boolean> => {
      if (signal.aborted) return Promise.resolve(false);
      t += Math.max(0, ms);
      if (t > endMs) stop.abort();
      return Promise.resolve(!signal.aborted);
    },
  };
}
