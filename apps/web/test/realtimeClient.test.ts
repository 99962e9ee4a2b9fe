import { describe, expect, it, vi } from 'vitest';
import type { WsServerMessage } from '@emberwatch/shared/contracts/realtime';
import {
  createRealtimeClient,
  realtimeUrl,
  reconnectDelay,
  RECONNECT_MAX_MS,
} from '../src/lib/realtimeClient';
import { FakeWebSocket } from './support/FakeWebSocket';

function setup(tokens: (string | null)[]) {
  const messages: WsServerMessage[] = [];
  let n = 0;
  const client = createRealtimeClient({
    url: 'wss://example.test/ws',
    getToken: () => Promise.resolve(tokens[Math.min(n++, tokens.length - 1)] ?? null),
    onMessage: (m) => messages.push(m),
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
    random: () => 1,
  });
  return { client, messages };
}

describe('the push channel', () => {
  it('uses wss on an https page and ws otherwise', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'app.example:8443' })).toBe('wss://app.example:8443/ws');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
  });

  it('authenticates with the access token as its first message and passes pushes on', async () => {
    vi.useFakeTimers();
    const { client, messages } = setup(['tok-a']);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    const ws = FakeWebSocket.latest();
    ws.serverOpen();
    expect(ws.sent).toEqual([{ type: 'auth', token: 'tok-a' }]);
    ws.serverSend({ type: 'ready', UID: 7 });
    ws.serverSend({ type: 'newData', bs_ids: 'F1 F2' });
    expect(messages.map((m) => m.type)).toEqual(['ready', 'newData']);
    client.stop();
  });

  it('reconnects with a growing delay and a fresh token', async () => {
    vi.useFakeTimers();
    const { client } = setup(['tok-a', 'tok-b', 'tok-c']);
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    FakeWebSocket.latest().serverClose();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().serverOpen();
    expect(FakeWebSocket.latest().sent).toEqual([{ type: 'auth', token: 'tok-b' }]);
    FakeWebSocket.latest().serverClose();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    client.stop();
  });

  it('does not connect without a session and stops for good when stopped', async () => {
    vi.useFakeTimers();
    const { client } = setup([null]);
    client.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(0);
    client.stop();
    const second = setup(['tok']);
    second.client.start();
    await vi.advanceTimersByTimeAsync(0);
    second.client.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('connects at once when the network returns, not at the end of the back-off (decision 0128)', async () => {
    vi.useFakeTimers();
    // No token while offline: the client waits 1 s, 2 s, 4 s … between tries.
    const { client } = setup([null, null, null, null, 'tok-back']);
    client.start();
    await vi.advanceTimersByTimeAsync(7_000);
    expect(FakeWebSocket.instances).toHaveLength(0);
    client.reconnectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(1);
    FakeWebSocket.latest().serverOpen();
    expect(FakeWebSocket.latest().sent).toEqual([{ type: 'auth', token: 'tok-back' }]);
    // Connected: a second nudge opens no second socket.
    client.reconnectNow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    client.stop();
  });

  it('caps the back-off at 30 seconds', () => {
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(RECONNECT_MAX_MS).toBe(30_000);
  });
});
