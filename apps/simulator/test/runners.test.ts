import { afterEach, describe, expect, it } from 'vitest';
import { alignDown, countTicks } from '../src/buildPackets.js';
import { IngestClient } from '../src/IngestClient.js';
import type { StationConfig } from '../src/loadStationsConfig.js';
import { runBackfill } from '../src/runBackfill.js';
import { liveClock, runLive } from '../src/runLive.js';
import { sendRound } from '../src/sendRound.js';
import { StationSimulator } from '../src/StationSimulator.js';
import { startFakeIngestServer, type FakeIngestServer } from './fakeIngestServer.js';

const DAY = 86_400;
const configs: StationConfig[] = [
  {
    bs_id: 'F1',
    secret: 'one',
    material: 'hay',
    probes: Array.from({ length: 10 }, (_, i) => ({ sensor_id: `H${i}`, depths: 3 })),
  },
  {
    bs_id: 'F2',
    secret: 'two',
    material: 'compost',
    probes: Array.from({ length: 4 }, (_, i) => ({ sensor_id: `C${i}`, depths: 4 })),
  },
];
const secrets = { F1: 'one', F2: 'two' };
const sims = (): StationSimulator[] => configs.map((c) => new StationSimulator(c, 3));

let server: FakeIngestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('backfill', () => {
  it('delivers every reading of the history exactly once, through a server that is sometimes busy', async () => {
    server = await startFakeIngestServer({
      secrets,
      override: (n) => (n % 7 === 3 ? { status: 503 } : undefined),
    });
    const client = new IngestClient({ url: server.url, retryBaseMs: 2, retryMaxMs: 10 });
    const now = Math.floor(Date.now() / 1000);
    const from = now - 5 * DAY;
    const to = alignDown(now, 1200);
    const result = await runBackfill({
      stations: sims(),
      client,
      fromTs: from,
      toTs: to,
      intervalS: 1200,
      packetSize: 50,
      concurrency: 4,
      seed: 3,
      progressEveryMs: 0,
    });
    const expected = 14 * countTicks(from, to, 1200);
    expect(result).toMatchObject({
      total: expected,
      sent: expected,
      stored: expected,
      duplicates: 0,
      dropped: 0,
      completed: true,
    });
    expect(server.stored.size).toBe(expected);
    expect(server.requests.some((r) => r.status === 503)).toBe(true);
  });

  it('can simply be run again: the second pass stores nothing new', async () => {
    server = await startFakeIngestServer({ secrets });
    const client = new IngestClient({ url: server.url });
    const now = alignDown(Math.floor(Date.now() / 1000), 1200);
    const opts = {
      stations: sims(),
      client,
      fromTs: now - DAY,
      toTs: now,
      intervalS: 1200,
      packetSize: 100,
      concurrency: 2,
      seed: 3,
      progressEveryMs: 0,
    };
    const first = await runBackfill(opts);
    const second = await runBackfill(opts);
    expect(second.stored).toBe(0);
    expect(second.duplicates).toBe(first.stored);
  });

  it('sends nothing more for a station whose credential is refused', async () => {
    server = await startFakeIngestServer({ secrets: { F1: 'one', F2: 'wrong' } });
    const client = new IngestClient({ url: server.url });
    const now = alignDown(Math.floor(Date.now() / 1000), 1200);
    const result = await runBackfill({
      stations: sims(),
      client,
      fromTs: now - 2 * DAY,
      toTs: now,
      intervalS: 1200,
      packetSize: 20,
      concurrency: 1,
      seed: 3,
      progressEveryMs: 0,
    });
    expect(server.requests.filter((r) => r.bsId === 'F2')).toHaveLength(1);
    expect(result.sent).toBe(10 * countTicks(now - 2 * DAY, now, 1200));
  });
});

describe('one round (--once)', () => {
  it('sends each station one packet stamped now', async () => {
    server = await startFakeIngestServer({ secrets });
    const client = new IngestClient({ url: server.url });
    const now = Math.floor(Date.now() / 1000);
    const round = await sendRound(sims(), client, now);
    expect(round.every((r) => r.outcomes.every((o) => o.kind === 'ok'))).toBe(true);
    expect(server.requests).toHaveLength(2);
    for (const r of server.requests)
      expect(new Set(r.packet!.readings.map((x) => x.meas_ts))).toEqual(new Set([now]));
  });

  it('sends a duplicated packet twice; the server stores it once', async () => {
    server = await startFakeIngestServer({ secrets });
    const client = new IngestClient({ url: server.url });
    const now = Math.floor(Date.now() / 1000);
    await sendRound(sims(), client, now, { faults: { loss: 0, late: 0, duplicate: 1 } });
    expect(server.requests).toHaveLength(4);
    expect(server.requests.filter((r) => r.bsId === 'F1').map((r) => r.packet)).toEqual([
      server.requests.find((r) => r.bsId === 'F1')!.packet,
      server.requests.find((r) => r.bsId === 'F1')!.packet,
    ]);
    expect(server.stored.size).toBe(14);
    expect(client.stats.duplicates).toBe(14);
  });
});

describe('live', () => {
  it('runs its clock at speed until it reaches real time, then in real time', () => {
    const clock = liveClock(1_000_000, 5_000_000_000, 60);
    expect(clock.simNow(5_000_000_000)).toBe(1_000_000);
    expect(clock.simNow(5_000_010_000)).toBe(1_000_600);
    expect(clock.realAt(1_001_200)).toBe(5_000_020_000);
    // It catches up after 4,000,000 / 59 s ≈ 18.8 h; from then on a reading waits for its own real time.
    expect(clock.simNow(5_067_000_000)).toBeLessThan(5_067_000);
    expect(clock.simNow(5_100_000_000)).toBe(5_100_000);
    expect(clock.realAt(5_100_000)).toBe(5_100_000_000);
  });

  it('replays at speed one packet per station per interval, with late, lost and duplicated readings, then stops cleanly', async () => {
    server = await startFakeIngestServer({ secrets });
    const client = new IngestClient({ url: server.url });
    const stop = new AbortController();
    const now = Math.floor(Date.now() / 1000);
    const interval = 600;
    const simStart = now - 3 * 3600;
    const firstTick = alignDown(simStart, interval) + interval;
    // 3 simulated hours at 3 h/s: ~18 rounds in about a second, then real time.
    setTimeout(() => stop.abort(), 2500);
    const result = await runLive({
      stations: sims(),
      client,
      intervalS: interval,
      speed: 3 * 3600,
      simStartTs: simStart,
      firstTickTs: firstTick,
      seed: 3,
      faults: { loss: 0.1, late: 0.1, duplicate: 0.2 },
      signal: stop.signal,
      statusEveryMs: 0,
    });
    expect(result.rounds).toBeGreaterThanOrEqual(17);
    expect(result.rounds).toBeLessThanOrEqual(19);
    expect(result.unsent).toBe(0);
    const times = [...server.stored.keys()].map((k) => Number(k.split('@')[1]));
    for (const t of times) {
      expect(t % interval).toBe(0);
      expect(t).toBeGreaterThanOrEqual(firstTick);
      expect(t).toBeLessThanOrEqual(now + 2);
    }
    const expected = 14 * result.rounds;
    expect(server.stored.size).toBe(expected - result.lost);
    expect(result.lost).toBeGreaterThan(0);
    expect(result.delayed).toBeGreaterThan(0);
    expect(result.duplicated).toBeGreaterThan(0);
    expect(client.stats.duplicates).toBeGreaterThan(0);
    // Held-back readings arrive after newer ones.
    const late = server.requests.some((r) =>
      r.packet!.readings.some((x, i, all) => i > 0 && x.meas_ts < all[i - 1]!.meas_ts),
    );
    expect(late).toBe(true);
  });
});
