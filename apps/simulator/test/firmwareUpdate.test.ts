import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { IngestPacket } from '@emberwatch/shared/contracts/ingest';
import { INJECTED_OTA_FAILURE } from '../src/FirmwareUpdater.js';
import { IngestClient } from '../src/IngestClient.js';
import { parseCli } from '../src/parseCli.js';
import { runLive } from '../src/runLive.js';
import { StationSimulator } from '../src/StationSimulator.js';
import { virtualClock } from './virtualClock.js';

/**
 * The simulator plays a firmware update as docs/base-station-protocol.md "Firmware updates" says:
 * the offer in a packet's answer, the image fetched in chunks and checked, the new revision in its
 * boot packet; or, told to fail (--fail-ota), or given an image that does not match, the report.
 */
const T = Date.UTC(2026, 10, 2, 12) / 1000;
const CHUNK = 1000;
const IMAGE = randomBytes(2500);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The server's side, as fetch: one pending update of F1 until a packet reports it or a failure does. */
function otaServer(opts: { corrupt?: boolean } = {}) {
  const state = {
    pending: '3.9' as string | null,
    packets: [] as IngestPacket[],
    chunks: [] as number[],
    reports: [] as unknown[],
    done: [] as string[],
  };
  const json = (body: unknown, status = 200) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  const fetchFn = ((input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    expect(init?.headers).toMatchObject({ authorization: 'Station F1:one' });
    if (url.pathname === '/ingest/v1/packets') {
      const packet = JSON.parse(init?.body as string) as IngestPacket;
      state.packets.push(packet);
      if (state.pending && packet.firmware === state.pending) {
        state.done.push(state.pending);
        state.pending = null;
      }
      return json({
        status_code: 0,
        stored: packet.readings.length,
        duplicates: 0,
        refused: 0,
        refusals: [],
        server_ts: T,
        ...(state.pending
          ? {
              ota: {
                rev: state.pending,
                size: IMAGE.length,
                sha256: sha(IMAGE),
                chunk: CHUNK,
                path: '/ingest/v1/firmware',
              },
            }
          : {}),
      });
    }
    if (url.pathname === '/ingest/v1/firmware') {
      const offset = Number(url.searchParams.get('offset'));
      const length = Number(url.searchParams.get('length'));
      expect(url.searchParams.get('rev')).toBe(state.pending);
      state.chunks.push(offset);
      const part = Buffer.from(IMAGE.subarray(offset, offset + length));
      if (opts.corrupt && offset === 0) part[0] = part[0]! ^ 0xff;
      return json({
        status_code: 0,
        rev: state.pending,
        offset,
        size: IMAGE.length,
        sha256: sha(IMAGE),
        data: part.toString('base64'),
      });
    }
    if (url.pathname === '/ingest/v1/firmware/report') {
      state.reports.push(JSON.parse(init?.body as string));
      state.pending = null;
      return json({ status_code: 0 });
    }
    return json({ status_code: 404, error: 'Not found' }, 404);
  }) as typeof fetch;
  return { state, fetchFn };
}

async function play(fetchFn: typeof fetch, failOta: string[] = []) {
  const sim = new StationSimulator(
    { bs_id: 'F1', secret: 'one', material: 'hay', probes: [{ sensor_id: 'H1', depths: 3 }] },
    1,
  );
  const stop = new AbortController();
  const client = new IngestClient({ url: 'http://station.test', fetch: fetchFn });
  await runLive({
    stations: [sim],
    client,
    intervalS: 60,
    speed: 1,
    fastS: 0,
    firstTickTs: T + 60,
    seed: 1,
    failOta,
    signal: stop.signal,
    statusEveryMs: 0,
    ...virtualClock(T * 1000, (T + 10 * 60) * 1000, stop),
  });
  return sim;
}

describe('a simulated station’s firmware update', () => {
  it('learns of it in an answer, fetches it in chunks, boots it and reports the new revision', async () => {
    const { state, fetchFn } = otaServer();
    const sim = await play(fetchFn);
    expect(state.chunks).toEqual([0, 1000, 2000]);
    expect(sim.firmware).toBe('3.9');
    expect(state.done).toEqual(['3.9']);
    expect(state.reports).toEqual([]);
    const boots = state.packets.filter((p) => p.type === 'boot');
    expect(boots).toHaveLength(1);
    expect(boots[0]).toMatchObject({ firmware: '3.9' });
    // The download went out as an `ota` packet before the boot.
    const kinds = state.packets.map((p) => p.type);
    expect(kinds.indexOf('ota')).toBeGreaterThanOrEqual(0);
    expect(kinds.indexOf('ota')).toBeLessThan(kinds.indexOf('boot'));
    // Data went on before and after.
    expect(state.packets.filter((p) => p.type !== 'boot').length).toBeGreaterThan(5);
  });

  it('told to fail (--fail-ota), reports the failure with a reason and keeps its firmware', async () => {
    const { state, fetchFn } = otaServer();
    const sim = await play(fetchFn, ['F1']);
    expect(state.reports).toEqual([{ rev: '3.9', result: 'failed', reason: INJECTED_OTA_FAILURE }]);
    expect(sim.firmware).not.toBe('3.9');
    expect(state.packets.some((p) => p.type === 'boot')).toBe(false);
  });

  it('reports a checksum mismatch instead of booting an image that does not match', async () => {
    const { state, fetchFn } = otaServer({ corrupt: true });
    const sim = await play(fetchFn);
    expect(state.reports).toEqual([{ rev: '3.9', result: 'failed', reason: 'checksum mismatch' }]);
    expect(sim.firmware).not.toBe('3.9');
  });

  it('takes --fail-ota as a list of stations', () => {
    const parsed = parseCli(['--fail-ota', 'F1000001, F2000001']);
    expect(parsed.kind === 'run' && parsed.options.failOta).toEqual(['F1000001', 'F2000001']);
    expect(() => parseCli(['--fail-ota', ','])).toThrow(/--fail-ota/);
  });
});
