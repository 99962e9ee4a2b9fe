import { describe, expect, it } from 'vitest';
import { ingestPacketSchema, MAX_READINGS_PER_PACKET } from '@emberwatch/shared/contracts/ingest';
import { alignDown, alignUp, buildPackets, countTicks } from '../src/buildPackets.js';
import type { StationConfig } from '../src/loadStationsConfig.js';

const DAY = 86_400;
const NOW = Math.floor(Date.UTC(2025, 10, 21, 12, 7, 13) / 1000);

const stations: StationConfig[] = [
  {
    bs_id: 'F1000001',
    secret: 'a',
    material: 'hay',
    probes: Array.from({ length: 12 }, (_, i) => ({ sensor_id: `H1${i}`, depths: 3 })),
  },
  {
    bs_id: 'F1000002',
    secret: 'b',
    material: 'grain',
    probes: Array.from({ length: 7 }, (_, i) => ({ sensor_id: `G1${i}`, depths: 4 })),
  },
  { bs_id: 'F1000003', secret: 'c', material: 'compost', probes: [{ sensor_id: 'C10', depths: 2 }] },
];
const probes = 12 + 7 + 1;

describe('packet building', () => {
  it('stamps readings at multiples of the interval, inside the range, one per probe and time', () => {
    const from = NOW - 2 * DAY;
    const packets = buildPackets(stations, from, NOW, 1200);
    const readings = packets.flatMap((p) => p.packet.readings);
    expect(readings).toHaveLength(probes * countTicks(from, NOW, 1200));
    expect(countTicks(from, NOW, 1200)).toBe(144);
    for (const r of readings) {
      expect(r.meas_ts % 1200).toBe(0);
      expect(r.meas_ts).toBeGreaterThanOrEqual(from);
      expect(r.meas_ts).toBeLessThanOrEqual(NOW);
    }
    const keys = new Set(readings.map((r) => `${r.sensor_id}@${r.meas_ts}`));
    expect(keys.size).toBe(readings.length);
  });

  it('never puts more readings in a packet than asked, nor more than the protocol allows', () => {
    for (const packetSize of [1, 7, 100, 1000, 5000]) {
      const packets = buildPackets(stations, NOW - DAY, NOW, 600, { packetSize });
      const limit = Math.min(packetSize, MAX_READINGS_PER_PACKET);
      for (const { packet } of packets) {
        expect(packet.readings.length).toBeGreaterThan(0);
        expect(packet.readings.length).toBeLessThanOrEqual(limit);
      }
    }
  });

  it('makes packets the ingest schema accepts, signed by the right station, sent no earlier than measured', () => {
    for (const { bs_id, secret, packet } of buildPackets(stations, NOW - DAY, NOW, 1200)) {
      expect(ingestPacketSchema.safeParse(packet).success).toBe(true);
      expect(['data', 'data3']).toContain(packet.type);
      const station = stations.find((s) => s.bs_id === bs_id)!;
      expect(secret).toBe(station.secret);
      for (const r of packet.readings) {
        expect(station.probes.some((p) => p.sensor_id === r.sensor_id)).toBe(true);
        expect(packet.sent_ts).toBeGreaterThanOrEqual(r.meas_ts);
      }
    }
  });

  it('gives exactly the same readings when built again or over an overlapping range (idempotent resend)', () => {
    const a = buildPackets(stations, NOW - 3 * DAY, NOW, 1200, { seed: 9 }).flatMap((p) => p.packet.readings);
    const b = buildPackets(stations, NOW - 3 * DAY, NOW, 1200, { seed: 9 }).flatMap((p) => p.packet.readings);
    expect(b).toEqual(a);
    const byKey = new Map(a.map((r) => [`${r.sensor_id}@${r.meas_ts}`, r]));
    const later = buildPackets(stations, NOW - DAY, NOW, 1200, { seed: 9, packetSize: 33 }).flatMap(
      (p) => p.packet.readings,
    );
    for (const r of later) expect(r).toEqual(byKey.get(`${r.sensor_id}@${r.meas_ts}`));
  });

  it('keeps every station in time order and interleaves the stations', () => {
    const packets = buildPackets(stations, NOW - DAY, NOW, 1200);
    expect(packets.slice(0, 3).map((p) => p.bs_id)).toEqual(['F1000001', 'F1000002', 'F1000003']);
    for (const s of stations) {
      const ts = packets
        .filter((p) => p.bs_id === s.bs_id)
        .flatMap((p) => p.packet.readings.map((r) => r.meas_ts));
      expect(ts).toEqual([...ts].sort((x, y) => x - y));
    }
  });

  it('aligns down and up to the interval', () => {
    expect(alignDown(NOW, 1200)).toBe(NOW - (NOW % 1200));
    expect(alignUp(NOW, 1200)).toBe(NOW - (NOW % 1200) + 1200);
    expect(alignUp(2400, 1200)).toBe(2400);
    expect(countTicks(1201, 2399, 1200)).toBe(0);
  });
});

describe('injected faults', () => {
  it('loses some readings, sends some late and out of order, and duplicates some packets', () => {
    const clean = buildPackets(stations, NOW - 10 * DAY, NOW, 1200, { packetSize: 20 });
    const faulty = buildPackets(stations, NOW - 10 * DAY, NOW, 1200, {
      packetSize: 20,
      faults: { loss: 0.05, late: 0.05, duplicate: 0.05 },
    });
    const total = clean.reduce((n, p) => n + p.packet.readings.length, 0);
    const keys = new Map<string, number>();
    for (const p of faulty)
      for (const r of p.packet.readings)
        keys.set(`${r.sensor_id}@${r.meas_ts}`, (keys.get(`${r.sensor_id}@${r.meas_ts}`) ?? 0) + 1);
    const lost = total - keys.size;
    expect(lost / total).toBeGreaterThan(0.03);
    expect(lost / total).toBeLessThan(0.07);
    const twice = [...keys.values()].filter((n) => n === 2).length;
    expect(twice).toBeGreaterThan(0);
    // Some packet carries a reading older than an earlier reading of the same packet.
    const outOfOrder = faulty.some((p) =>
      p.packet.readings.some((r, i) => i > 0 && r.meas_ts < p.packet.readings[i - 1]!.meas_ts),
    );
    expect(outOfOrder).toBe(true);
    // A duplicated packet is the very same packet sent twice.
    const objects = faulty.map((p) => p.packet);
    expect(new Set(objects).size).toBeLessThan(objects.length);
  });
});
