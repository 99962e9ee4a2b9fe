import type {
  IngestPacket,
  IngestReading,
  MobileTelemetry,
  PacketType,
} from '@emberwatch/shared/contracts/ingest';
import { aerationParams, stepAeration, type AerationParams } from './aeration.js';
import { hashSeed } from './hashSeed.js';
import type { StationConfig } from './loadStationsConfig.js';
import { mulberry32 } from './mulberry32.js';
import { probeCurve, type Material, type ProbeCurve } from './probeCurve.js';
import { outdoorTemperatureC } from './outdoorAir.js';
import { radioModel, type RadioSample } from './radioModel.js';
import { toTenths } from './toTenths.js';
import { valueNoise } from './valueNoise.js';

/** Operators a mobile station of the demo registers with (one per station, picked from its id). */
const OPERATORS = ['Telia FI', 'Elisa', 'DNA', 'Telenor', 'Vodafone NL'] as const;
/** Below this a mobile station falls back from LTE to 2G (its modem's choice, not the server's). */
const FALLBACK_RSSI = -95;

/**
 * What kind of station this is, picked per station id so the demo shows a mix of the spec's
 * base-station type labels (spec doc 1 §3): third-generation ("V4.x") stations send data3 packets.
 */
export interface StationIdentity {
  bs_type: number;
  version: string;
  firmware: string;
  dataType: Extract<PacketType, 'data' | 'data3'>;
}

const IDENTITIES: readonly StationIdentity[] = [
  { bs_type: 2, version: 'V5.1.4', firmware: '3.4', dataType: 'data' },
  { bs_type: 3, version: 'V5.2.2', firmware: '3.4', dataType: 'data' },
  { bs_type: 2, version: 'V4.2.9', firmware: '3.1', dataType: 'data3' },
  { bs_type: 3, version: 'V4.3.1', firmware: '3.1', dataType: 'data3' },
  { bs_type: 2, version: 'V4.0.7', firmware: '2.8', dataType: 'data3' },
];

export function stationIdentity(seed: number, bsId: string): StationIdentity {
  const rnd = mulberry32(hashSeed(seed, 'station', bsId));
  return IDENTITIES[Math.floor(rnd() * IDENTITIES.length)] ?? IDENTITIES[0]!;
}

interface SimProbe {
  sensorId: string;
  curve: ProbeCurve;
  radio: (ts: number, probeTempC: number) => RadioSample;
  aeration?: ProbeAeration;
}

/** Whether the fan blowing through a probe's goods runs now (a simulated controller's output). */
export type FanIsOn = () => boolean;

/** A probe in aerated goods: its fan, and the cooling done so far (aeration.ts). */
interface ProbeAeration {
  fanOn: FanIsOn;
  params: AerationParams;
  coolingC: number[];
  lastTs: number | null;
  lastOwnC: number[];
}

/** The site's outdoor air as a probe reads it: the same value at every depth. */
export function outdoorCurve(seed: number, depths: number): ProbeCurve {
  return (ts) => Array<number>(depths).fill(toTenths(outdoorTemperatureC(seed, ts)));
}

/** One station and its probes: every reading is a pure function of (run seed, ids, time). */
export class StationSimulator {
  readonly bsId: string;
  readonly secret: string;
  readonly material: Material;
  readonly identity: StationIdentity;
  private readonly probes: SimProbe[];
  private readonly seed: number;
  private installed: string | undefined;

  /**
   * `heatingAnchorTs`: where the demo's staged heating is anchored (the start of live play); probes
   * the config marks `heating` heat around it (hayModel's demoHeatingEpisode).
   */
  /**
   * `fans`: the fan of each aerated probe (by sensor id); such a probe's readings carry the cooling
   * its fan has done, which makes them depend on the fan's history, not on time alone.
   */
  constructor(
    config: StationConfig,
    seed = 1,
    heatingAnchorTs?: number,
    fans: ReadonlyMap<string, FanIsOn> = new Map(),
  ) {
    this.bsId = config.bs_id;
    this.secret = config.secret;
    this.material = config.material;
    // A station the server knows reports what it is; otherwise one is picked from the id.
    this.identity = config.identity
      ? { ...config.identity, dataType: config.identity.version.startsWith('V4') ? 'data3' : 'data' }
      : stationIdentity(seed, config.bs_id);
    this.seed = seed;
    this.probes = config.probes.map((p) => {
      const probeSeed = hashSeed(seed, config.bs_id, p.sensor_id);
      const fanOn = fans.get(p.sensor_id);
      return {
        sensorId: p.sensor_id,
        // One outdoor air per run (seed): every outdoor probe and fan inlet of the demo reads the same.
        curve: p.outdoor
          ? outdoorCurve(seed, p.depths)
          : probeCurve(
              config.material,
              probeSeed,
              p.depths,
              p.heating !== undefined && heatingAnchorTs !== undefined
                ? { anchorTs: heatingAnchorTs, strength: p.heating }
                : undefined,
            ),
        radio: radioModel(probeSeed),
        ...(fanOn && !p.outdoor
          ? {
              aeration: {
                fanOn,
                params: aerationParams(p.depths),
                coolingC: Array<number>(p.depths).fill(0),
                lastTs: null,
                lastOwnC: [],
              },
            }
          : {}),
      };
    });
  }

  get probeCount(): number {
    return this.probes.length;
  }

  get credential(): { bs_id: string; secret: string } {
    return { bs_id: this.bsId, secret: this.secret };
  }

  /**
   * One reading per probe: the world as it is at `ts`, stamped `stampTs` (the same but while the demo's
   * world runs ahead of the clock, runLive's worldClock).
   */
  readingsAt(ts: number, stampTs = ts): IngestReading[] {
    return this.probes.map((p) => {
      const temperatures = p.aeration ? this.aerated(p.curve(ts), p.aeration, ts) : p.curve(ts);
      // The battery sits in the handle: its temperature is the handle's.
      const radio = p.radio(ts, (temperatures[0] ?? 200) / 10);
      return { sensor_id: p.sensorId, meas_ts: stampTs, temperatures, ...radio };
    });
  }

  /**
   * The readings of an aerated probe: its own curve less the cooling its fan has done, stepped from
   * the last reading to this one with the fan as it is now. A reading at or before the last one
   * (a resend) gets the cooling as it stands.
   */
  private aerated(own: number[], a: ProbeAeration, ts: number): number[] {
    const ownC = own.map((t) => t / 10);
    if (a.lastTs !== null && ts > a.lastTs) {
      a.coolingC = stepAeration(
        {
          coolingC: a.coolingC,
          ownBeforeC: a.lastOwnC,
          ownAfterC: ownC,
          airC: outdoorTemperatureC(this.seed, ts),
          fanOn: a.fanOn(),
          dtS: ts - a.lastTs,
        },
        a.params,
      );
    }
    if (a.lastTs === null || ts > a.lastTs) {
      a.lastTs = ts;
      a.lastOwnC = ownC;
    }
    return ownC.map((t, i) => toTenths(t - (a.coolingC[i] ?? 0)));
  }

  dataPacket(readings: IngestReading[], sentTs: number): IngestPacket {
    return { type: this.identity.dataType, sent_ts: sentTs, readings };
  }

  /**
   * A packet of live play: a mobile station adds the network it is on (docs/base-station-protocol.md,
   * "Mobile network"). The backfill and the benchmarks send `dataPacket`s, unchanged.
   */
  livePacket(readings: IngestReading[], sentTs: number): IngestPacket {
    const mobile = this.mobileAt(sentTs);
    return { ...this.dataPacket(readings, sentTs), ...(mobile ? { mobile } : {}) };
  }

  /** The heartbeat: a data packet without readings, from a station with nothing to deliver. */
  heartbeatPacket(sentTs: number): IngestPacket {
    return this.livePacket([], sentTs);
  }

  /** The firmware it runs: its identity's, until it installs an update (FirmwareUpdater.ts). */
  get firmware(): string {
    return this.installed ?? this.identity.firmware;
  }

  /** Takes a new firmware revision: the next boot packet reports it. */
  install(rev: string): void {
    this.installed = rev;
  }

  bootPacket(sentTs: number): IngestPacket {
    const { bs_type, version } = this.identity;
    const firmware = this.firmware;
    const mobile = this.mobileAt(sentTs);
    return {
      type: 'boot',
      sent_ts: sentTs,
      firmware,
      version,
      bs_type,
      ...(mobile ? { mobile } : {}),
      readings: [],
    };
  }

  /**
   * A mobile station's network at `ts` (bs_type 3, the spec's GPRS and Mobile stations); none for an
   * Ethernet one. Its operator is fixed, its signal wanders over hours, and it drops to 2G when weak.
   */
  mobileAt(ts: number): MobileTelemetry | undefined {
    if (this.identity.bs_type !== 3) return undefined;
    const operator = OPERATORS[hashSeed(this.seed, 'operator', this.bsId) % OPERATORS.length]!;
    const rssi = Math.round(-80 + 18 * valueNoise(hashSeed(this.seed, 'mobile', this.bsId), ts / 3600));
    return { operator, net: rssi < FALLBACK_RSSI ? '2G' : 'LTE', rssi };
  }
}
