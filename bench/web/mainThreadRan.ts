import type lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/** A Lighthouse run's trace (its `artifacts.Trace`). */
export type LighthouseTrace = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['artifacts']['Trace'];

type TasksOf = typeof MainThreadTasks.getMainThreadTasks;
/** What this reads of Lighthouse's processed trace. */
interface ProcessedTrace {
  mainThreadEvents: Parameters<TasksOf>[0];
  frames: Parameters<TasksOf>[1];
  timestamps: { traceEnd: number };
}

/**
 * How much of its tasks' wall time the page's main thread spent running: the thread CPU time Chromium
 * records for each top-level task (`tdur`) over its wall time (`dur`). The thread and its tasks are the
 * ones Lighthouse itself simulates (its TraceProcessor's main frame's renderer thread, its MainThreadTasks'
 * top-level tasks), whose wall time the simulated phone takes as work, four times over on the mobile
 * profile. Where the host's other processes and threads hold the cores, the thread waits inside its tasks,
 * runnable but not running, and this falls below 1. Lighthouse asks for two cores of its own ("Run on
 * Adequate Hardware", its docs' variability.md); these machines have two in all, shared with the demo
 * server and every process of Chromium. NaN when the tasks carry no thread times.
 */
export function mainThreadRan(trace: LighthouseTrace): number {
  // Typed here by what it is given to: the linter's view of Lighthouse's types does not resolve its
  // global ProcessedTrace (the compiler's does).
  const processed = TraceProcessor.processTrace(trace) as unknown as ProcessedTrace;
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
  );
  let wall = 0;
  let cpu = 0;
  for (const task of tasks) {
    // Lighthouse's event type leaves out the thread time Chromium writes beside `dur`.
    const cpuUs = (task.event as { tdur?: number }).tdur;
    if (task.parent || cpuUs === undefined) continue;
    wall += task.event.dur;
    cpu += cpuUs;
  }
  return wall > 0 ? Math.round((cpu / wall) * 100) / 100 : Number.NaN;
}
