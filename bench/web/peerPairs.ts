import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { median } from '../support/procStats.js';
import { assertBuilt, startDemoApp, webDist } from './demoApp.js';

export type Build = 'this' | 'peer';

/** The keys of a sample that hold a number: the measures a pair's ratio is taken of. */
type Measure<S> = { [K in keyof S]: S[K] extends number ? K : never }[keyof S];

/** The command-line options every side-by-side bench of a page takes (node:util parseArgs). */
export const PEER_PAGE_OPTIONS = {
  'peer-web-dist': { type: 'string' },
  path: { type: 'string', default: '/probes' },
  pairs: { type: 'string', default: '3' },
} as const;

/**
 * This web build and a peer build (its `dist`, with `dist-server` beside it), each served by a demo app
 * of its own, measured run for run in one browser, alternately first (decision 0146): on a loaded
 * machine both suffer the same load, and each pair's ratio says what the change did when the absolute
 * figures cannot. `measure` takes one sample of a build's app; `report` hears of each sample as taken,
 * with the samples so far.
 */
export async function runPeerPairs<S>(options: {
  peerWebDist: string | undefined;
  pairs: number;
  measure: (browser: Browser, baseUrl: string) => Promise<S>;
  report: (who: Build, pair: number, sample: S, samples: Record<Build, S[]>) => void;
}): Promise<Record<Build, S[]>> {
  if (!options.peerWebDist) throw new Error('--peer-web-dist DIR is required');
  assertBuilt();
  const apps = {
    this: await startDemoApp({ web: webDist }),
    peer: await startDemoApp({ web: resolve(options.peerWebDist) }),
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const samples: Record<Build, S[]> = { this: [], peer: [] };
  try {
    for (let i = 0; i < options.pairs; i++) {
      // Alternately first, so that neither build always runs into the other's aftermath.
      for (const who of i % 2 === 0 ? (['this', 'peer'] as const) : (['peer', 'this'] as const)) {
        const s = await options.measure(browser, apps[who].baseUrl);
        samples[who].push(s);
        options.report(who, i, s, samples);
      }
    }
  } finally {
    await browser.close();
    await apps.this.stop();
    await apps.peer.stop();
  }
  return samples;
}

/** One pair's ratio of a measure, this build ÷ the peer's run beside it (NaN without the peer's run). */
export function pairRatio<S>(a: S, b: S | undefined, key: Measure<S>): number {
  return b ? (a[key] as number) / (b[key] as number) : Number.NaN;
}

/** The median over the pairs of their ratios of a measure. */
export function medianPairRatio<S>(
  samples: Record<Build, S[]>,
  key: Measure<S>,
): { pairs: number; median: number } {
  const ratios = samples.this.map((a, i) => pairRatio(a, samples.peer[i], key));
  return { pairs: ratios.length, median: median(ratios) };
}
