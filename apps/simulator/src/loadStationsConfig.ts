import { readFile } from 'node:fs/promises';
import { MAX_DEPTHS, sensorIdSchema } from '@emberwatch/shared';
import { MATERIALS, type Material } from './probeCurve.js';

/** The demo credentials file the server writes (docs/base-station-protocol.md, "Demo credentials"). */
export interface ProbeConfig {
  sensor_id: string;
  depths: number;
  /** The demo's staged heating (hay only): its strength, 0 < heating ≤ 1; absent for none. */
  heating?: number;
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
        return { sensor_id: p.sensor_id as string, depths, ...(heating !== undefined ? { heating } : {}) };
      }),
    };
  });
  return { url: url.replace(/\/+$/, ''), stations };
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
