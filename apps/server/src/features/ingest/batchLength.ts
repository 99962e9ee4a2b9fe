/**
 * How many of the waiting packets the next transaction commits: as many as come in order until there
 * are `maxBatch` of them or the next one would bring the probes they name above `maxProbes` — but at
 * least one, so a packet naming more probes than that still goes through, alone.
 */
export function batchLength(probesPerPacket: readonly number[], maxBatch: number, maxProbes: number): number {
  let n = 0;
  let probes = 0;
  while (n < probesPerPacket.length && n < maxBatch) {
    probes += probesPerPacket[n] as number;
    if (n > 0 && probes > maxProbes) break;
    n++;
  }
  return n;
}
