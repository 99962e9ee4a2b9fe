import { alignDown, alignUp } from './buildPackets.js';
import { createLogger } from './createLogger.js';
import { aeratedProbes, fanControllers, runFanControllers } from './fanControllers.js';
import { IngestClient } from './IngestClient.js';
import { loadStationsConfig } from './loadStationsConfig.js';
import type { CliOptions } from './parseCli.js';
import { runBackfill } from './runBackfill.js';
import { runLive } from './runLive.js';
import { sendRound } from './sendRound.js';
import { DAY_S } from './seasonalAmbient.js';
import { StationSimulator } from './StationSimulator.js';

export interface RunControl {
  /** Stop producing: finish the backfill packets in flight, flush live buffers, then return. */
  stop: AbortSignal;
  /** Stop everything now, retries included. */
  hardStop: AbortSignal;
}

export class ConfigError extends Error {}

/**
 * Where the backfill ends and live begins. The backfill's last reading is the last multiple of its
 * interval at or before liveStart; live goes on from there at its own interval, so the rounds already
 * past (the backfill's tail, the time the backfill took) are sent at once, then one per interval.
 * Without a backfill, live starts with the round just past.
 */
export function livePlan(
  liveStart: number,
  backfillIntervalS: number,
  liveIntervalS: number,
  backfilled: boolean,
): { backfillTo: number; firstTick: number } {
  const backfillTo = alignDown(liveStart, backfillIntervalS);
  return {
    backfillTo,
    firstTick: backfilled ? alignUp(backfillTo + 1, liveIntervalS) : alignDown(liveStart, liveIntervalS),
  };
}

/** "1 d", "6 h", "24 min", "30 s": a span for the log. */
function formatSpan(seconds: number): string {
  const s = Math.round(seconds);
  if (s >= DAY_S && s % DAY_S === 0) return `${s / DAY_S} d`;
  if (s >= 3600 && s % 3600 === 0) return `${s / 3600} h`;
  if (s >= 60) return `${Math.round(s / 60)} min`;
  return `${s} s`;
}

/** The whole CLI run; resolves to the process exit code. */
export async function runSimulator(options: CliOptions, control: RunControl): Promise<number> {
  const log = createLogger({ quiet: options.quiet });
  let config;
  try {
    config = await loadStationsConfig(options.config);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  let stations = config.stations;
  if (options.only) {
    const only = options.only;
    const unknown = only.filter((id) => !stations.some((s) => s.bs_id === id));
    if (unknown.length > 0) log.warn(`--only: not in ${options.config}: ${unknown.join(', ')}`);
    stations = stations.filter((s) => only.includes(s.bs_id));
  }
  if (stations.length === 0) throw new ConfigError('no stations to play');
  const notPlayed = options.silences.filter((f) => !stations.some((s) => s.bs_id === f.bsId));
  if (notPlayed.length > 0)
    throw new ConfigError(
      `--silence: ${notPlayed.map((f) => f.bsId).join(', ')} is not among the stations played (${options.config}${options.only ? ', --only' : ''})`,
    );
  const url = options.url ?? config.url;
  const nowS = Math.floor(Date.now() / 1000);
  // Live play starts here, after the backfill; at --speed above 1 the demo's world then runs ahead of
  // the clock while every reading is stamped now (decision 0076). The demo's heating stack is staged
  // around this moment, so it crosses its limit minutes into live play at --speed 60.
  const liveStart = nowS;
  const fastS = options.speed > 1 ? Math.round(options.fastDays * DAY_S) : 0;
  // Fan controllers play during live play (or alone); the goods their fans blow through cool.
  const playFans = options.fansOnly || (options.fans && options.live && !options.once);
  const fanConfigs = playFans ? config.fanControllers : [];
  const controllers = fanControllers(fanConfigs, {
    url,
    seed: options.seed,
    pollEveryS: options.fanPollS,
    rh: options.fanRh,
  });
  if (options.fansOnly) {
    if (controllers.length === 0)
      throw new ConfigError(`--fans-only: ${options.config} lists no fan controllers`);
    log.info(`${controllers.length} fan controllers → ${url}; Ctrl-C stops`);
    await runFanControllers(controllers, control.stop, log);
    return 0;
  }
  const fans = aeratedProbes(fanConfigs, controllers);
  const sims = stations.map((s) => new StationSimulator(s, options.seed, liveStart, fans));
  const probes = sims.reduce((n, s) => n + s.probeCount, 0);
  const client = new IngestClient({
    url,
    log,
    signal: control.hardStop,
    ...(options.once ? { giveUpAfterMs: 60_000 } : {}),
  });
  const materials = [...new Set(sims.map((s) => s.material))].join(', ');
  log.info(`${sims.length} stations (${materials}), ${probes} probes → ${url}`);

  const backfill = async (fromTs: number, toTs: number): Promise<boolean> => {
    if (toTs < fromTs) return true;
    log.info(
      `backfill: ${new Date(fromTs * 1000).toISOString().slice(0, 16)} → ${new Date(toTs * 1000).toISOString().slice(0, 16)} UTC, ` +
        `every ${options.backfillIntervalS} s, ${options.packetSize} readings per packet, ${options.concurrency} in flight`,
    );
    const r = await runBackfill({
      stations: sims,
      client,
      fromTs,
      toTs,
      intervalS: options.backfillIntervalS,
      packetSize: options.packetSize,
      concurrency: options.concurrency,
      seed: options.seed,
      faults: options.backfillFaults,
      log,
      signal: control.stop,
    });
    log.info(
      `backfill ${r.completed ? 'done' : 'interrupted'}: ${r.sent.toLocaleString('en-US')} readings in ${r.packets.toLocaleString('en-US')} packets, ` +
        `${r.seconds.toFixed(1)} s (${Math.round(r.readingsPerSecond).toLocaleString('en-US')} readings/s); ` +
        `stored ${r.stored.toLocaleString('en-US')}, already there ${r.duplicates.toLocaleString('en-US')}, refused ${r.dropped.toLocaleString('en-US')}`,
    );
    return r.completed;
  };

  if (options.once) {
    if (options.backfillExplicit && options.backfillDays > 0) {
      await backfill(nowS - options.backfillDays * DAY_S, alignDown(nowS - 1, options.backfillIntervalS));
    }
    const round = await sendRound(sims, client, nowS, {
      seed: options.seed,
      faults: options.backfillFaults,
      log,
    });
    const ok = round.every((r) => r.outcomes.length > 0 && r.outcomes.every((o) => o.kind === 'ok'));
    return ok ? 0 : 1;
  }

  // Boot first, as a station does after power-up: it sets the station's firmware, version and type.
  await Promise.all(sims.map((s) => client.send(s.credential, s.bootPacket(nowS))));
  if (sims.every((s) => client.isStopped(s.bsId))) {
    log.error('the server refused every station; is this the right --config for this server?');
    return 1;
  }

  const backfilled = options.backfillDays > 0 && !control.stop.aborted;
  const plan = livePlan(liveStart, options.backfillIntervalS, options.liveIntervalS, backfilled);
  if (backfilled) {
    const completed = await backfill(nowS - options.backfillDays * DAY_S, plan.backfillTo);
    if (!completed) return control.stop.aborted ? 0 : 1;
  }
  const firstTick = plan.firstTick;
  if (sims.every((s) => client.isStopped(s.bsId))) return 1;
  if (!options.live || control.stop.aborted) return 0;

  log.info(
    `live: every ${options.liveIntervalS} s, stamped now` +
      (options.speed > 1 && fastS > 0
        ? `; the demo's world runs at ${options.speed}× for ${formatSpan(fastS)} (${formatSpan(fastS / options.speed)} on the clock), then at the clock's pace`
        : ' in real time') +
      `; faults: ${options.liveFaults.loss} lost, ${options.liveFaults.late} late, ${options.liveFaults.duplicate} duplicated; Ctrl-C stops`,
  );
  if (controllers.length > 0)
    log.info(
      `${controllers.length} fan controllers poll the server; the probes their fans aerate cool while they run`,
    );
  // The fans stop with live play, whichever way it ends.
  const fanStop = new AbortController();
  control.stop.addEventListener('abort', () => fanStop.abort());
  const fanRun = runFanControllers(controllers, fanStop.signal, log);
  const live = await runLive({
    stations: sims,
    client,
    intervalS: options.liveIntervalS,
    speed: options.speed,
    fastS,
    firstTickTs: firstTick,
    seed: options.seed,
    faults: options.liveFaults,
    silences: options.silences,
    failOta: options.failOta,
    log,
    signal: control.stop,
  });
  fanStop.abort();
  await fanRun;
  const s = client.stats;
  log.info(
    `stopped after ${live.rounds} live rounds: ${s.readings.toLocaleString('en-US')} readings acknowledged in all; ` +
      `${live.lost} readings lost, ${live.delayed} late, ${live.duplicated} duplicated packet(s) sent twice` +
      (live.silenced > 0 ? `, ${live.silenced} not sent by silenced stations` : '') +
      (live.unsent > 0 ? `; ${live.unsent} packets still buffered were abandoned` : ''),
  );
  return sims.every((x) => client.isStopped(x.bsId)) ? 1 : 0;
}
