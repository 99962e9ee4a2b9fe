/** The fields of a Chromium trace event this reads (Lighthouse's `artifacts.Trace.traceEvents`). */
export interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  /** Wall time, µs. */
  dur?: number;
  /** The thread's CPU time, µs. */
  tdur?: number;
  args?: { name?: string };
}

/**
 * How much of its tasks' wall time the page's main thread spent running: the thread CPU time (`tdur`)
 * of its top-level tasks over their wall time (`dur`). Lighthouse's simulated phone takes each task's
 * wall time as work (four times over, on the mobile profile); where the host's other processes and
 * threads hold the cores, the thread waits inside its tasks, runnable but not running, and this falls
 * below 1. Lighthouse asks for two cores of its own ("Run on adequate hardware", its docs'
 * variability.md); these machines have two in all, shared with the demo server and every process of
 * Chromium. The page's main thread is the renderer's main thread that ran the most tasks (the other
 * renderers hold about:blank and DevTools' own pages). NaN when the trace has no such tasks or no
 * thread times.
 */
export function mainThreadRan(events: readonly TraceEvent[]): number {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const threads = new Map<string, { wall: number; cpu: number; tasks: number }>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(key) || e.tdur === undefined) continue;
    let t = threads.get(key);
    if (!t) threads.set(key, (t = { wall: 0, cpu: 0, tasks: 0 }));
    t.wall += e.dur ?? 0;
    t.cpu += e.tdur;
    t.tasks++;
  }
  const main = [...threads.values()].sort((a, b) => b.tasks - a.tasks)[0];
  return main && main.wall > 0 ? Math.round((main.cpu / main.wall) * 100) / 100 : Number.NaN;
}
