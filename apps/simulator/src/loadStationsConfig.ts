import { readFile } from 'node:fs/promises';
import { MAX_DEPTHS, sensorIdSchema } from '@emberwatch/shared/contracts/ingest';
import { MATERIALS, type Material } from './probeCurve.js';

/** The demo credentials file the server writes (docs/base-station-protocol.md, "Demo credentials"). */
export interface ProbeConfig {
  sensor_id: string;
  depths: number;
  /** The demo's staged heating (hay only): its strength, 0 < heating ≤ 1; absent for none. */
  heating?: number;
  /** An outdoor probe: it reads the site's air (outdoorAir.ts), not the goods. */
  outdoor?: boolean;
}

/** A fan controller the simulator plays (docs/fan-controller-protocol.md), and what its fans aerate. */
export interface FanControllerConfig {
  fc_id: string;
  secret: string;
  channels: number;
  /** Per channel, the probes in the goods its fan blows through (their readings cool while it runs). */
  aerates: { channel: number; sensor_ids: string[] }[];
}

/** What the station reports in its boot packet; when the file gives it, the simulator plays it. */
export interface StationIdentityConfig {
  bs_type: number;
  version: string;
  firmware: string;
}

export interface StationConfig {
  bs_id: string;
  secret: string;
  material: Material;
  probes: ProbeConfig[];
  identity?: StationIdentityConfig;
}

export interface StationsConfig {
  url: string;
  stations: StationConfig[];
  fanControllers: FanControllerConfig[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fail(where: string, what: string): never {
  throw new Error(`config: ${where}: ${what}`);
}

export function parseStationsConfig(json: unknown): StationsConfig {
  if (!isRecord(json)) fail('top level', 'expected an object with url and stations');
  const url = json.url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) fail('url', 'expected an http(s) URL');
  if (!Array.isArray(json.stations)) fail('stations', 'expected an array');
  const stations = json.stations.map((s: unknown, i): StationConfig => {
    const where = `stations[${i}]`;
    if (!isRecord(s)) fail(where, 'expected an object');
    const { bs_id, secret, material, probes, identity } = s;
    if (typeof bs_id !== 'string' || bs_id.length === 0)
      fail(`${where}.bs_id`, 'expected a non-empty string');
    if (typeof secret !== 'string' || secret.length === 0)
      fail(`${where}.secret`, 'expected a non-empty string');
    if (typeof material !== 'string' || !(MATERIALS as readonly string[]).includes(material)) {
      fail(`${where}.material`, `expected one of ${MATERIALS.join(', ')}`);
    }
    if (!Array.isArray(probes)) fail(`${where}.probes`, 'expected an array');
    if (
      identity !== undefined &&
      !(
        isRecord(identity) &&
        Number.isInteger(identity.bs_type) &&
        typeof identity.version === 'string' &&
        typeof identity.firmware === 'string'
      )
    ) {
      fail(`${where}.identity`, 'expected {bs_type, version, firmware}');
    }
    return {
      bs_id,
      secret,
      material: material as Material,
      ...(identity ? { identity: identity as unknown as StationIdentityConfig } : {}),
      probes: probes.map((p: unknown, j): ProbeConfig => {
        const pw = `${where}.probes[${j}]`;
        if (!isRecord(p)) fail(pw, 'expected an object');
        if (!sensorIdSchema.safeParse(p.sensor_id).success)
          fail(`${pw}.sensor_id`, '1–32 of A–Z a–z 0–9 _ -');
        const depths = p.depths ?? 1;
        if (typeof depths !== 'number' || !Number.isInteger(depths) || depths < 1 || depths > MAX_DEPTHS) {
          fail(`${pw}.depths`, `expected an integer 1–${MAX_DEPTHS}`);
        }
        const heating = p.heating;
        if (heating !== undefined && !(typeof heating === 'number' && heating > 0 && heating <= 1))
          fail(`${pw}.heating`, 'expected a number above 0 and at most 1');
        if (p.outdoor !== undefined && typeof p.outdoor !== 'boolean')
          fail(`${pw}.outdoor`, 'expected a boolean');
        return {
          sensor_id: p.sensor_id as string,
          depths,
          ...(heating !== undefined ? { heating } : {}),
          ...(p.outdoor === true ? { outdoor: true } : {}),
        };
      }),
    };
  });
  return {
    url: url.replace(/\/+$/, ''),
    stations,
    fanControllers: parseFanControllers(json.fan_controllers),
  };
}

function parseFanControllers(json: unknown): FanControllerConfig[] {
  if (json === undefined) return [];
  if (!Array.isArray(json)) fail('fan_controllers', 'expected an array');
  return json.map((c: unknown, i): FanControllerConfig => {
    const where = `fan_controllers[${i}]`;
    if (!isRecord(c)) fail(where, 'expected an object');
    const { fc_id, secret, channels, aerates } = c;
    if (typeof fc_id !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(fc_id))
      fail(`${where}.fc_id`, '1–32 of A–Z a–z 0–9 _ -');
    if (typeof secret !== 'string' || secret.length === 0)
      fail(`${where}.secret`, 'expected a non-empty string');
    if (typeof channels !== 'number' || !Number.isInteger(channels) || channels < 1 || channels > 8)
      fail(`${where}.channels`, 'expected an integer 1–8');
    const list = aerates ?? [];
    if (!Array.isArray(list)) fail(`${where}.aerates`, 'expected an array');
    return {
      fc_id,
      secret,
      channels,
      aerates: list.map((a: unknown, j) => {
        const aw = `${where}.aerates[${j}]`;
        if (!isRecord(a)) fail(aw, 'expected an object');
        if (
          typeof a.channel !== 'number' ||
          !Number.isInteger(a.channel) ||
          a.channel < 1 ||
          a.channel > channels
        )
          fail(`${aw}.channel`, `expected an integer 1–${channels}`);
        if (!Array.isArray(a.sensor_ids) || !a.sensor_ids.every((id) => sensorIdSchema.safeParse(id).success))
          fail(`${aw}.sensor_ids`, 'expected an array of sensor ids');
        return { channel: a.channel, sensor_ids: a.sensor_ids as string[] };
      }),
    };
  });
}

export async function loadStationsConfig(path: string): Promise<StationsConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `config: ${path} does not exist (the server writes it when it seeds the demo accounts; or pass --config)`
        : `config: cannot read ${path}: ${(err as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`config: ${path} is not valid JSON: ${(err as Error).message}`);
  }
  return parseStationsConfig(json);
}
