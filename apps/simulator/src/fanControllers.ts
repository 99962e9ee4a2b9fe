import type { Logger } from './createLogger.js';
import { FanControllerSimulator, type PollOutcome } from './FanControllerSimulator.js';
import type { FanControllerConfig } from './loadStationsConfig.js';
import { outdoorHumidity, outdoorTemperatureC } from './outdoorAir.js';
import type { FanIsOn } from './StationSimulator.js';
import { toTenths } from './toTenths.js';

export interface FanControllerPlayOptions {
  url: string;
  /** The run seed: the inlet sensor reads the same outdoor air as the outdoor probes. */
  seed: number;
  pollEveryS?: number | undefined;
  /** A fixed inlet humidity, %, instead of the outdoor model's. */
  rh?: number | undefined;
  fetch?: typeof fetch;
  nowMs?: () => number;
}

/** The stations file's fan controllers, each with an inlet sensor reading the site's outdoor air. */
export function fanControllers(
  configs: readonly FanControllerConfig[],
  opts: FanControllerPlayOptions,
): FanControllerSimulator[] {
  const now = opts.nowMs ?? Date.now;
  const climate = () => {
    const ts = Math.floor(now() / 1000);
    return {
      temperature: toTenths(outdoorTemperatureC(opts.seed, ts)),
      rh: opts.rh ?? outdoorHumidity(opts.seed, ts),
    };
  };
  return configs.map(
    (c) =>
      new FanControllerSimulator({
        url: opts.url,
        fcId: c.fc_id,
        secret: c.secret,
        channels: c.channels,
        firmware: 'sim-1',
        climate,
        ...(opts.pollEveryS !== undefined ? { pollEveryS: opts.pollEveryS } : {}),
        ...(opts.fetch ? { fetch: opts.fetch } : {}),
        ...(opts.nowMs ? { nowMs: opts.nowMs } : {}),
      }),
  );
}

/** Which fan blows through each aerated probe (by sensor id). */
export function aeratedProbes(
  configs: readonly FanControllerConfig[],
  controllers: readonly FanControllerSimulator[],
): Map<string, FanIsOn> {
  const fans = new Map<string, FanIsOn>();
  configs.forEach((c, i) => {
    const fc = controllers[i];
    if (!fc) return;
    for (const a of c.aerates) for (const id of a.sensor_ids) fans.set(id, () => fc.isOn(a.channel));
  });
  return fans;
}

/**
 * Runs every controller until the signal aborts, their first polls spread over a second so that many
 * do not knock at once. Logs a controller's outputs when they change; one the server does not know
 * (401) stops.
 */
export async function runFanControllers(
  controllers: readonly FanControllerSimulator[],
  signal: AbortSignal,
  log: Logger,
): Promise<void> {
  await Promise.all(
    controllers.map(async (fc, i) => {
      await new Promise((resolve) => setTimeout(resolve, Math.round((1000 * i) / controllers.length)));
      const own = new AbortController();
      const stop = () => own.abort();
      signal.addEventListener('abort', stop);
      let last = '';
      try {
        await fc.run(own.signal, (outcome: PollOutcome) => {
          const now = `${outcome}${fc.offline ? ' (offline rule)' : ''} ${fc.outputs
            .map((o) => `ch${o.channel} ${o.mode} ${o.drive ? 'ON' : 'off'}`)
            .join(', ')}`;
          if (now !== last) log.info(`fan controller ${fc.fcId}: ${now}`);
          last = now;
          if (outcome === 'unauthorized') {
            log.warn(`fan controller ${fc.fcId}: the server does not know its credential; it stops`);
            own.abort();
          }
        });
      } finally {
        signal.removeEventListener('abort', stop);
      }
    }),
  );
}
