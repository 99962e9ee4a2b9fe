import type { IngestPacket, IngestReading, PacketType } from '@emberwatch/shared';
import { hashSeed } from './hashSeed.js';
import type { StationConfig } from './loadStationsConfig.js';
import { mulberry32 } from './mulberry32.js';
import { probeCurve, type Material, type ProbeCurve } from './probeCurve.js';
import { radioModel, type RadioSample } from './radioModel.js';

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
}

/** One station and its probes: every reading is a pure function of (run seed, ids, time). */
export class StationSimulator {
  readonly bsId: string;
  readonly secret: string;
  readonly material: Material;
  readonly identity: StationIdentity;
  private readonly probes: SimProbe[];

  /**
   * `heatingAnchorTs`: where the demo's staged heating is anchored (the start of live play); probes
   * the config marks `heating` heat around it (hayModel's demoHeatingEpisode).
   */
  constructor(config: StationConfig, seed = 1, heatingAnchorTs?: number) {
    this.bsId = config.bs_id;
    this.secret = config.secret;
    this.material = config.material;
    // A station the server knows reports what it is; otherwise one is picked from the id.
    this.identity = config.identity
      ? { ...config.identity, dataType: config.identity.version.startsWith('V4') ? 'data3' : 'data' }
      : stationIdentity(seed, config.bs_id);
    this.probes = config.probes.map((p) => {
      const probeSeed = hashSeed(seed, config.bs_id, p.sensor_id);
      return {
        sensorId: p.sensor_id,
        curve: probeCurve(
          config.material,
          probeSeed,
          p.depths,
          p.heating !== undefined && heatingAnchorTs !== undefined
            ? { anchorTs: heatingAnchorTs, strength: p.heating }
            : undefined,
        ),
        radio: radioModel(probeSeed),
      };
    });
  }

  get probeCount(): number {
    return this.probes.length;
  }

  get credential(): { bs_id: string; secret: string } {
    return { bs_id: this.bsId, secret: this.secret };
  }

  /** One reading per probe, measured at ts. */
  readingsAt(ts: number): IngestReading[] {
    return this.probes.map((p) => {
      const temperatures = p.curve(ts);
      // The battery sits in the handle: its temperature is the handle's.
      const radio = p.radio(ts, (temperatures[0] ?? 200) / 10);
      return { sensor_id: p.sensorId, meas_ts: ts, temperatures, ...radio };
    });
  }

  dataPacket(readings: IngestReading[], sentTs: number): IngestPacket {
    return { type: this.identity.dataType, sent_ts: sentTs, readings };
  }

  bootPacket(sentTs: number): IngestPacket {
    const { bs_type, version, firmware } = this.identity;
    return { type: 'boot', sent_ts: sentTs, firmware, version, bs_type, readings: [] };
  }
}
