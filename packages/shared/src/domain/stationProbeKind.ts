/** What a probe measures in (the probe's `kind`): hay, grain, compost or anything else. */
export type ProbeKind = 'hay' | 'grain' | 'compost' | 'other';

const ORDER: readonly ProbeKind[] = ['hay', 'grain', 'compost', 'other'];

/** A stored probe kind as one of the four; an unknown one is 'other'. */
export function probeKindOf(kind: string): ProbeKind {
  return (ORDER as readonly string[]).includes(kind) ? (kind as ProbeKind) : 'other';
}

/**
 * What a base station holds, by its probes: the kind most of them are (a tie goes to the first of
 * hay, grain, compost, other), null for a station without probes. The demo-mode visitor's switch
 * shows the station of the chosen kind of site (demoStations, decision 0079).
 */
export function stationProbeKind(counts: ReadonlyMap<ProbeKind, number>): ProbeKind | null {
  let best: ProbeKind | null = null;
  for (const kind of ORDER) {
    const n = counts.get(kind) ?? 0;
    if (n > 0 && (best === null || n > (counts.get(best) ?? 0))) best = kind;
  }
  return best;
}
