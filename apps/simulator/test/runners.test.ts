import { afterEach, describe, expect, it } from 'vitest';
import { alignDown, countTicks } from '../src/buildPackets.js';
import { IngestClient } from '../src/IngestClient.js';
import type { StationConfig } from '../src/loadStationsConfig.js';
import { runBackfill } from '../src/runBackfill.js';
import { runLive, worldClock } from '../src/runLive.js';
import { sendRound } from '../src/sendRound.js';
import { StationSimulator } from '../src/StationSimulator.js';
import { startFakeIngestServer, type FakeIngestServer } from './fakeIngestServer.js';
import { virtualClock } from './virtualClock.js';

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

describe('the demo world clock (decision 0076)', () => {
  const start = 1_763_000_000;
  it.each([
    ["at the clock's pace, the clock", 1, DAY, [0, 60, 3600, 5 * DAY], [0, 60, 3600, 5 * DAY]],
    ['before live play, the clock', 60, DAY, [-3600, 0], [-3600, 0]],
    ['at 60×, an hour each minute for a day', 60, DAY, [60, 300, 1440], [3600, 5 * 3600, DAY]],
    [
      'after that, the clock’s pace, a day less 24 min ahead',
      60,
      DAY,
      [1500, 7200],
      [DAY + 60, DAY + 7200 - 1440],
    ],
    ['with no fast days, the clock', 60, 0, [60, 7200], [60, 7200]],
  ])('is %s', (_what, speed, fastS, after, world) => {
    const at = worldClock(start, speed, fastS);
    expect(after.map((s) => at(start + s) - start)).toEqual(world);
  });
});

describe('live', () => {
  // Played on a virtual clock set in the past (the fake server refuses readings from its future), on
  // a fixed day so that the curves are the same at every run.
  const T = Date.UTC(2026, 0, 15, 6) / 1000;

  it("stamps every reading with its round's time on the clock while the world runs at speed, with late, lost and duplicated readings, then stops cleanly", async () => {
    server = await startFakeIngestServer({ secrets });
    const client = new IngestClient({ url: server.url });
    const stop = new AbortController();
    const interval = 60;
    const firstTick = T + interval;
    // 30 minutes on the clock at 60×: 30 rounds, 30 hours of the world's, the last 6 at its pace.
    const clock = virtualClock(T * 1000, (T + 30 * 60) * 1000, stop);
    const result = await runLive({
      stations: sims(),
      client,
      intervalS: interval,
      speed: 60,
      fastS: DAY,
      firstTickTs: firstTick,
      seed: 3,
      faults: { loss: 0.1, late: 0.1, duplicate: 0.2 },
      signal: stop.signal,
      statusEveryMs: 0,
      ...clock,
    });
    expect(result.rounds).toBe(30);
    expect(result.unsent).toBe(0);
    const times = [...server.stored.keys()].map((k) => Number(k.split('@')[1]));
    for (const t of times) {
      expect(t % interval).toBe(0);
      expect(t).toBeGreaterThanOrEqual(firstTick);
      expect(t).toBeLessThanOrEqual(T + 30 * 60);
    }
    // Each packet goes out in its round (the held-back readings at the stop, one round later): its
    // newest reading is stamped at most one interval before the packet's own time on the clock.
    for (const r of server.requests) {
      const newest = Math.max(...r.packet!.readings.map((x) => x.meas_ts));
      expect(r.packet!.sent_ts! - newest).toBeGreaterThanOrEqual(0);
      expect(r.packet!.sent_ts! - newest).toBeLessThanOrEqual(interval);
    }
    // What a reading measures is the world's, run ahead of its stamp.
    const world = worldClock(T, 60, DAY);
    const fresh = sims();
    for (const tick of [firstTick, T + 10 * 60, T + 29 * 60]) {
      const stored = server.stored.get(`H1@${tick}`);
      if (stored === undefined) continue; // lost on the radio
      expect(stored).toEqual(fresh[0]!.readingsAt(world(tick), tick)[1]!.temperatures);
    }
    expect(server.stored.get(`H1@${T + 10 * 60}`)).not.toEqual(
      fresh[0]!.readingsAt(T + 10 * 60)[1]!.temperatures,
    );
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

  // Issue 28 item 6: what a newcomer sees at `npm start -- --speed 60`.
  it('at --speed 60 sends the staged heating bale below 55 °C when live play starts, above it within ten minutes, every reading stamped on the clock', async () => {
    server = await startFakeIngestServer({ secrets: { F1: 'one' } });
    const stop = new AbortController();
    const bale = new StationSimulator(
      { bs_id: 'F1', secret: 'one', material: 'hay', probes: [{ sensor_id: 'H1', depths: 3, heating: 1 }] },
      1,
      T,
    );
    const clock = virtualClock(T * 1000, (T + 10 * 60) * 1000, stop);
    await runLive({
      stations: [bale],
      client: new IngestClient({ url: server.url }),
      intervalS: 60,
      speed: 60,
      fastS: DAY,
      firstTickTs: T + 60,
      seed: 1,
      signal: stop.signal,
      statusEveryMs: 0,
      ...clock,
    });
    const core = (minute: number) => server!.stored.get(`H1@${T + minute * 60}`)![2]!;
    expect(core(1)).toBeLessThan(550);
    expect(core(10)).toBeGreaterThan(550);
    const crossed = Array.from({ length: 10 }, (_, i) => i + 1).find((m) => core(m) > 550)!;
    expect(crossed).toBeGreaterThanOrEqual(3);
    expect(crossed).toBeLessThanOrEqual(8);
    expect(server.stored.size).toBe(10);
  });
});
