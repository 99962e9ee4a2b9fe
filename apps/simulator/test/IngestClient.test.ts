import { afterEach, describe, expect, it } from 'vitest';
import type { IngestPacket } from '@emberwatch/shared/contracts/ingest';
import type { Logger } from '../src/createLogger.js';
import { IngestClient } from '../src/IngestClient.js';
import { startFakeIngestServer, type FakeIngestServer } from './fakeIngestServer.js';

const NOW = Math.floor(Date.now() / 1000);
const station = { bs_id: 'F1000001', secret: 's3cret' };
const packet = (n = 3): IngestPacket => ({
  type: 'data',
  sent_ts: NOW,
  readings: Array.from({ length: n }, (_, i) => ({
    sensor_id: `H${i}`,
    meas_ts: NOW - 1200,
    temperatures: [200, 210],
  })),
});

function captureLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

let server: FakeIngestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('ingest client', () => {
  it('posts to /ingest/v1/packets with the station credential and counts what the server stored', async () => {
    server = await startFakeIngestServer({ secrets: { F1000001: 's3cret' } });
    const client = new IngestClient({ url: server.url });
    expect(await client.send(station, packet())).toEqual({ kind: 'ok', stored: 3, duplicates: 0 });
    expect(await client.send(station, packet())).toEqual({ kind: 'ok', stored: 0, duplicates: 3 });
    expect(server.requests[0]!.authorization).toBe('Station F1000001:s3cret');
    expect(client.stats).toMatchObject({ packets: 2, readings: 6, stored: 3, duplicates: 3, retries: 0 });
  });

  it('keeps a packet the server cannot take now (503) and retries it until it is stored', async () => {
    server = await startFakeIngestServer({
      override: (n) => (n < 2 ? { status: 503, body: { status_code: 503, error: 'store busy' } } : undefined),
    });
    const log = captureLog();
    const client = new IngestClient({ url: server.url, retryBaseMs: 5, retryMaxMs: 20, log });
    expect(await client.send(station, packet())).toEqual({ kind: 'ok', stored: 3, duplicates: 0 });
    expect(server.requests.map((r) => r.status)).toEqual([503, 503, 200]);
    expect(server.stored.size).toBe(3);
    expect(client.stats.retries).toBe(2);
    expect(log.lines.some((l) => l.startsWith('warn') && l.includes('store busy'))).toBe(true);
  });

  it('retries after a network error too', async () => {
    server = await startFakeIngestServer();
    let calls = 0;
    const flaky: typeof fetch = (input, init) =>
      calls++ === 0 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    const client = new IngestClient({ url: server.url, fetch: flaky, retryBaseMs: 5 });
    expect((await client.send(station, packet())).kind).toBe('ok');
    expect(calls).toBe(2);
    expect(server.stored.size).toBe(3);
  });

  it('drops a packet the server refuses (400) after logging the reason, without retrying', async () => {
    server = await startFakeIngestServer();
    const log = captureLog();
    const client = new IngestClient({ url: server.url, retryBaseMs: 5, log });
    const bad = packet();
    bad.readings[1]!.temperatures = [2500];
    const outcome = await client.send(station, bad);
    expect(outcome).toMatchObject({ kind: 'dropped', status: 400 });
    expect(server.requests).toHaveLength(1);
    expect(log.lines.some((l) => l.startsWith('error') && l.includes('readings.1.temperatures.0'))).toBe(
      true,
    );
    expect(client.stats).toMatchObject({ droppedPackets: 1, droppedReadings: 3 });
  });

  it('stops a station whose credential is refused (401) and sends nothing more for it', async () => {
    server = await startFakeIngestServer({ secrets: { F1000001: 'other' } });
    const log = captureLog();
    const client = new IngestClient({ url: server.url, log });
    expect(await client.send(station, packet())).toEqual({ kind: 'unauthorized' });
    expect(await client.send(station, packet())).toEqual({ kind: 'unauthorized' });
    expect(server.requests).toHaveLength(1);
    expect(client.isStopped('F1000001')).toBe(true);
    expect(log.lines.filter((l) => l.includes('401'))).toHaveLength(1);
  });

  it('splits a packet the server finds too large (413)', async () => {
    server = await startFakeIngestServer({
      override: (_n, p) => (p && p.readings.length > 2 ? { status: 413 } : undefined),
    });
    const client = new IngestClient({ url: server.url });
    expect(await client.send(station, packet(8))).toEqual({ kind: 'ok', stored: 8, duplicates: 0 });
    expect(server.requests.filter((r) => r.status === 200).map((r) => r.packet!.readings.length)).toEqual([
      2, 2, 2, 2,
    ]);
  });

  it('stops retrying when shut down, reporting the packet as not acknowledged', async () => {
    server = await startFakeIngestServer({ override: () => ({ status: 503 }) });
    const stop = new AbortController();
    const client = new IngestClient({ url: server.url, retryBaseMs: 20, signal: stop.signal });
    setTimeout(() => stop.abort(), 100);
    expect(await client.send(station, packet())).toEqual({ kind: 'aborted' });
    expect(server.stored.size).toBe(0);
  });

  it('gives up after giveUpAfterMs when asked to', async () => {
    server = await startFakeIngestServer({ override: () => ({ status: 503 }) });
    const client = new IngestClient({ url: server.url, retryBaseMs: 10, retryMaxMs: 20, giveUpAfterMs: 80 });
    expect(await client.send(station, packet())).toEqual({ kind: 'aborted' });
    expect(server.requests.length).toBeGreaterThan(1);
  });
});
