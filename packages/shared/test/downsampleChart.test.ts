import { describe, expect, it } from 'vitest';
import { CHART_POINTS_PER_PIXEL, downsampleChart } from '../src/domain/downsampleChart.js';

const HOUR = 3600;

/** A quiet hay stack: every depth drifting gently around 30 °C, hourly for `n` hours. */
function series(n: number, depths = 3, t0 = 1_700_000_000) {
  return Array.from({ length: n }, (_, i) => ({
    b: t0 + i * HOUR,
    hh: Array.from({ length: depths }, (_, d) => 300 + d * 10 + ((i * 7 + d) % 5)),
  }));
}

// Issue 3: "downsampled so that no more than a few points per pixel ever reach the browser
// (keep minima and maxima: a heat spike must never vanish)".
describe('downsampleChart', () => {
  it('returns a short series untouched', () => {
    const pts = series(100);
    expect(downsampleChart(pts, { start: pts[0]!.b, end: pts[99]!.b, width: 200 })).toEqual(pts);
  });

  it.each([
    ['a year hourly on a 300 px plot, 3 depths', 8760, 3, 300],
    ['a year hourly on a 1200 px plot, 4 depths', 8760, 4, 1200],
    ['a month every 20 min on a 100 px plot, 1 depth', 2232, 1, 100],
    ['a year hourly on a 50 px plot, 8 depths', 8760, 8, 50],
  ])('keeps at most %s within the %i-point budget', (_name, n, depths, width) => {
    const pts = series(n, depths);
    const out = downsampleChart(pts, { start: pts[0]!.b, end: pts[n - 1]!.b, width });
    expect(out.length).toBeLessThanOrEqual(width * CHART_POINTS_PER_PIXEL);
    expect(out.length).toBeGreaterThan(width); // still a real line, not a handful of dots
    for (let i = 1; i < out.length; i++) expect(out[i]!.b).toBeGreaterThan(out[i - 1]!.b);
  });

  it.each([0, 1, 2])('keeps a one-hour heat spike at depth %i among 8760 readings', (depth) => {
    const pts = series(8760, 3);
    const spikeAt = 4321;
    pts[spikeAt]!.hh = pts[spikeAt]!.hh.map((v, d) => (d === depth ? 712 : v));
    const out = downsampleChart(pts, { start: pts[0]!.b, end: pts[8759]!.b, width: 300 });
    expect(out.some((p) => p.b === pts[spikeAt]!.b && p.hh[depth] === 712)).toBe(true);
    expect(Math.max(...out.map((p) => p.hh[depth]!))).toBe(712);
  });

  it('keeps a cold dip as well as a spike at another depth in the same bucket', () => {
    const pts = series(8760, 2);
    pts[100]!.hh = [pts[100]!.hh[0]!, -50];
    pts[101]!.hh = [650, pts[101]!.hh[1]!];
    const out = downsampleChart(pts, { start: pts[0]!.b, end: pts[8759]!.b, width: 100 });
    expect(out.map((p) => p.b)).toEqual(expect.arrayContaining([pts[100]!.b, pts[101]!.b]));
  });

  it('keeps the overall minimum and maximum of every depth', () => {
    const pts = series(5000, 4);
    const out = downsampleChart(pts, { start: pts[0]!.b, end: pts[4999]!.b, width: 60 });
    for (let d = 0; d < 4; d++) {
      expect(Math.max(...out.map((p) => p.hh[d]!))).toBe(Math.max(...pts.map((p) => p.hh[d]!)));
      expect(Math.min(...out.map((p) => p.hh[d]!))).toBe(Math.min(...pts.map((p) => p.hh[d]!)));
    }
  });

  it('copes with probes whose depth count changes (a longer reading keeps its extra depths)', () => {
    const pts = series(3000, 2);
    pts[2000] = { b: pts[2000]!.b, hh: [300, 310, 999] };
    const out = downsampleChart(pts, { start: pts[0]!.b, end: pts[2999]!.b, width: 50 });
    expect(out.some((p) => p.hh[2] === 999)).toBe(true);
  });
});
