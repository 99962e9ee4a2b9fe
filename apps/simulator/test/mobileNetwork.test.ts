import { describe, expect, it } from 'vitest';
import { ingestPacketSchema } from '@emberwatch/shared/contracts/ingest';
import { callKindOf } from '@emberwatch/shared/domain/stationTraffic';
import { StationSimulator } from '../src/StationSimulator.js';

const T = Date.UTC(2026, 0, 15, 6) / 1000;
const station = (bs_type: number, version: string) =>
  new StationSimulator(
    {
      bs_id: `F${bs_type}00001`,
      secret: 's'.repeat(43),
      material: 'hay',
      probes: [{ sensor_id: 'H1', depths: 3 }],
      identity: { bs_type, version, firmware: '3.4' },
    },
    1,
  );

// docs/base-station-protocol.md "Mobile network" and "Heartbeat" (decision 0090).
describe('the simulator’s mobile network and heartbeat', () => {
  it('a mobile station reports its network with live packets and its boot, within the protocol', () => {
    const sim = station(3, 'V5.2.2');
    for (let h = 0; h < 48; h++) {
      const ts = T + h * 3600;
      for (const packet of [
        sim.livePacket(sim.readingsAt(ts), ts),
        sim.bootPacket(ts),
        sim.heartbeatPacket(ts),
      ]) {
        expect(ingestPacketSchema.safeParse(packet).success).toBe(true);
        expect(packet.mobile).toEqual(sim.mobileAt(ts));
      }
    }
    const seen = Array.from({ length: 200 }, (_, h) => sim.mobileAt(T + h * 3600)!);
    expect(new Set(seen.map((m) => m.operator)).size).toBe(1);
    expect(Math.min(...seen.map((m) => m.rssi))).toBeLessThan(-80);
    expect(Math.max(...seen.map((m) => m.rssi))).toBeGreaterThan(-80);
    for (const m of seen) expect(m.net).toBe(m.rssi < -95 ? '2G' : 'LTE');
  });

  it('an Ethernet station reports none, and the backfill’s packets stay as they were', () => {
    const eth = station(2, 'V5.1.4');
    expect(eth.mobileAt(T)).toBeUndefined();
    expect(eth.livePacket([], T)).not.toHaveProperty('mobile');
    expect(station(3, 'V5.2.2').dataPacket([], T)).not.toHaveProperty('mobile');
  });

  it('a heartbeat is a data packet without readings, which the server counts as one', () => {
    const beat = station(2, 'V5.1.4').heartbeatPacket(T);
    expect(beat).toMatchObject({ type: 'data', readings: [] });
    expect(callKindOf(beat)).toBe('beat');
    expect(callKindOf(station(2, 'V4.2.9').heartbeatPacket(T))).toBe('beat');
  });
});
