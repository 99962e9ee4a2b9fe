import WebSocket from 'ws';
import type { WsServerMessage } from '@emberwatch/shared/contracts/realtime';

/** A WebSocket client of the gateway: its socket, the messages it got, and its close code once closed. */
export interface WsClient {
  ws: WebSocket;
  messages: WsServerMessage[];
  closed: Promise<number>;
}

/** Opens a socket to `url` (with `headers`, e.g. a user agent the server records) once it is open. */
export function connectWs(url: string, headers?: Record<string, string>): Promise<WsClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, headers ? { headers } : {});
    const messages: WsServerMessage[] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as WsServerMessage));
    ws.on('open', () => resolve({ ws, messages, closed }));
    ws.on('error', reject);
  });
}

/** Polls `fn` every 20 ms until it gives a value, or fails after `ms`. */
export async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
