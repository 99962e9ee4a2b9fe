import type lighthouse from 'lighthouse';

/** A Lighthouse report (its `lhr`). */
export type LighthouseReport = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** A page load's timings and layout shift from a Lighthouse report, as the web benches record them. */
export interface LoadMetrics {
  fcpMs: number;
  lcpMs: number;
  /** The largest paint as the trace saw it, before Lighthouse simulates the phone's network and CPU. */
  observedLcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  cls: number;
  /**
   * Lighthouse's measure of the host's speed (its `environment.benchmarkIndex`): the simulated phone's
   * times scale with it, and on these 2-core machines it has ranged from 1,053 to 2,464 — a score is
   * read beside it.
   */
  benchmarkIndex: number;
}

export function loadMetricsOf(lhr: LighthouseReport): LoadMetrics {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    observedLcpMs: Math.round(
      (
        lhr.audits['metrics']?.details as
          { items?: { observedLargestContentfulPaint?: number }[] } | undefined
      )?.items?.[0]?.observedLargestContentfulPaint ?? Number.NaN,
    ),
    tbtMs: Math.round(value('total-blocking-time')),
    speedIndexMs: Math.round(value('speed-index')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
  };
}

/** The performance category's score, 0 to 100. */
export const performanceOf = (lhr: LighthouseReport): number =>
  Math.round((lhr.categories.performance?.score ?? 0) * 100);
