import { silentLogger, type Logger } from './createLogger.js';
import { FaultInjector, NO_FAULTS, type FaultRates } from './FaultInjector.js';
import { hashSeed } from './hashSeed.js';
import type { IngestClient, SendOutcome } from './IngestClient.js';
import { mulberry32 } from './mulberry32.js';
import type { StationSimulator } from './StationSimulator.js';

export interface RoundOutcome {
  bs_id: string;
  outcomes: SendOutcome[];
}

/**
 * One round: every station sends one packet with its probes' readings measured at ts (--once).
 * Faults apply within the round: lost readings are left out, a duplicate packet is sent twice,
 * and late readings — there being no next round — go out in a second packet after the first.
 */
export async function sendRound(
  stations: StationSimulator[],
  client: IngestClient,
  ts: number,
  opts: { seed?: number; faults?: FaultRates; log?: Logger } = {},
): Promise<RoundOutcome[]> {
  const log = opts.log ?? silentLogger;
  return Promise.all(
    stations.map(async (sim): Promise<RoundOutcome> => {
      const faults = new FaultInjector(
        opts.faults ?? NO_FAULTS,
        mulberry32(hashSeed(opts.seed ?? 1, 'once-faults', sim.bsId)),
      );
      const { readings, duplicate } = faults.process(sim.readingsAt(ts));
      const packets = [readings, ...(duplicate ? [readings] : []), faults.flush()].filter(
        (r) => r.length > 0,
      );
      const outcomes: SendOutcome[] = [];
      for (const r of packets) {
        const outcome = await client.send(sim.credential, sim.dataPacket(r, ts));
        outcomes.push(outcome);
        if (outcome.kind !== 'ok') break;
      }
      const ok = outcomes.every((o) => o.kind === 'ok');
      log.info(
        `${sim.bsId}: ${ok ? `sent ${readings.length} readings` : `not delivered (${outcomes.map((o) => o.kind).join(', ')})`}`,
      );
      return { bs_id: sim.bsId, outcomes };
    }),
  );
}
