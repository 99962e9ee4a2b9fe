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
  };
}

/** The performance category's score, 0 to 100. */
export const performanceOf = (lhr: LighthouseReport): number =>
  Math.round((lhr.categories.performance?.score ?? 0) * 100);
