import { describe, expect, it } from 'vitest';
import type { PollRequest, PollResponse } from '@emberwatch/shared/contracts/fans';
import { FanControllerSimulator } from '../src/FanControllerSimulator.js';

/** A server stand-in: answers with the given channels, or fails while `down`. */
function fakeServer() {
  const seen: PollRequest[] = [];
  const state = {
    down: false,
    status: 200,
    channels: [
      {
        channel: 1,
        command: 1 as 0 | 1,
        rev: 3,
        manual: false,
        offline_rule: { cycle: 60, ontime: 20 },
        next_change: null,
      },
    ],
  };
  const fetchFn = ((_url: URL, init: RequestInit) => {
    seen.push(JSON.parse(init.body as string) as PollRequest);
    if (state.down) return Promise.reject(new Error('ECONNREFUSED'));
    const body: PollResponse = {
      status_code: 0,
      server_ts: 0,
      poll_s: 30,
      offline_after_s: 120,
      channels: state.channels,
    };
    return Promise.resolve(new Response(JSON.stringify(body), { status: state.status }));
  }) as unknown as typeof fetch;
  return { seen, state, fetchFn };
}

function controller(server: ReturnType<typeof fakeServer>, clock: { ms: number }) {
  return new FanControllerSimulator({
    url: 'http://server',
    fcId: 'FC1',
    secret: 's'.repeat(43),
    channels: 1,
    fetch: server.fetchFn,
    nowMs: () => clock.ms,
  });
}

describe('the fan controller simulator follows the protocol', () => {
  it('keeps its fans off until its first answer, then applies the command and reports its revision', async () => {
    const server = fakeServer();
    const clock = { ms: 0 };
    const fc = controller(server, clock);
    expect(fc.outputs[0]).toMatchObject({ drive: 0, rev: null });
    expect(await fc.pollOnce()).toBe('ok');
    expect(fc.outputs[0]).toMatchObject({ drive: 1, rev: 3 });
    clock.ms += 30_000;
    await fc.pollOnce();
    expect(server.seen[1]!.channels[0]).toMatchObject({
      drive: 1,
      rev: 3,
      counters: { on: 30, off: 0, switches: 1 },
    });
  });

  it('obeys its local switch over the server', async () => {
    const server = fakeServer();
    const fc = controller(server, { ms: 0 });
    await fc.pollOnce();
    fc.setMode(1, 'off');
    expect(fc.outputs[0]).toMatchObject({ mode: 'off', drive: 0 });
    fc.setMode(1, 'drive');
    expect(fc.outputs[0]!.drive).toBe(1);
  });

  it('keeps the last command through a short outage, then follows its offline rule, then comes back', async () => {
    const server = fakeServer();
    const clock = { ms: 0 };
    const fc = controller(server, clock);
    await fc.pollOnce();
    server.state.channels[0]!.command = 0;
    server.state.down = true;
    clock.ms = 119_000;
    expect(await fc.pollOnce()).toBe('failed');
    expect(fc.offline).toBe(false);
    expect(fc.outputs[0]!.drive).toBe(1);
    // 120 s after the last answer: on for the first 20 minutes of every hour from then.
    clock.ms = 120_000 + 19 * 60_000;
    fc.tick();
    expect([fc.offline, fc.outputs[0]!.drive]).toEqual([true, 1]);
    clock.ms = 120_000 + 21 * 60_000;
    fc.tick();
    expect(fc.outputs[0]!.drive).toBe(0);
    clock.ms = 120_000 + 61 * 60_000;
    fc.tick();
    expect(fc.outputs[0]!.drive).toBe(1);
    // The server is back: the report says how long it ran alone, and the answer rules again.
    server.state.down = false;
    expect(await fc.pollOnce()).toBe('ok');
    expect(server.seen.at(-1)!.channels[0]!.offline_secs).toBe(61 * 60);
    expect([fc.offline, fc.outputs[0]!.drive]).toEqual([false, 0]);
  });

  it('tells a refused credential apart', async () => {
    const server = fakeServer();
    server.state.status = 401;
    expect(await controller(server, { ms: 0 }).pollOnce()).toBe('unauthorized');
  });
});

describe('the fan controller simulator’s run loop', () => {
  it('leaves no abort listener behind per poll, and stops when aborted', async () => {
    const server = fakeServer();
    const fc = new FanControllerSimulator({
      url: 'http://server',
      fcId: 'FC1',
      secret: 's'.repeat(43),
      channels: 1,
      fetch: server.fetchFn,
      pollEveryS: 0.001,
    });
    const stop = new AbortController();
    let added = 0;
    let removed = 0;
    const add = stop.signal.addEventListener.bind(stop.signal);
    const remove = stop.signal.removeEventListener.bind(stop.signal);
    stop.signal.addEventListener = (...a: Parameters<typeof add>) => {
      added++;
      add(...a);
    };
    stop.signal.removeEventListener = (...a: Parameters<typeof remove>) => {
      removed++;
      remove(...a);
    };
    let polls = 0;
    await fc.run(stop.signal, () => {
      if (++polls === 20) stop.abort();
    });
    expect(polls).toBe(20);
    expect(server.seen).toHaveLength(20);
    expect(added - removed).toBeLessThanOrEqual(1);
  });
});
