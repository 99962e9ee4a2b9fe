import type { WsServerMessage } from '@emberwatch/shared/contracts/realtime';

/** Back-off between reconnects: doubles from 1 s up to 30 s, with jitter so a restarted server is not hit by every tab at once. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** Keeps idle connections open through proxies that drop silent sockets after a minute. */
export const PING_INTERVAL_MS = 25_000;

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

export interface RealtimeOptions {
  url: string;
  /** A fresh access token for each (re)connection; null means "no session", so do not connect. */
  getToken: () => Promise<string | null>;
  onMessage: (message: WsServerMessage) => void;
  onStatus?: (status: RealtimeStatus) => void;
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
}

export interface RealtimeClient {
  start(): void;
  stop(): void;
  /** The network is back: connect now rather than at the end of the back-off (nothing if connected). */
  reconnectNow(): void;
}

/** ws:// or wss:// on the page's own host (spec: same origin; the dev server proxies /ws). */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
  return Math.round(base * (0.5 + random() * 0.5));
}

function parse(data: unknown): WsServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const m = JSON.parse(data) as unknown;
    return typeof m === 'object' && m !== null && typeof (m as { type?: unknown }).type === 'string'
      ? (m as WsServerMessage)
      : null;
  } catch {
    return null;
  }
}

export function createRealtimeClient(options: RealtimeOptions): RealtimeClient {
  const WS = options.WebSocketImpl ?? globalThis.WebSocket;
  const random = options.random ?? Math.random;
  let socket: WebSocket | null = null;
  let stopped = true;
  // Bumped on every start/stop so a connect() still awaiting its token knows it is obsolete.
  let generation = 0;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  function clearTimers(): void {
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    if (pingTimer !== undefined) clearInterval(pingTimer);
    retryTimer = undefined;
    pingTimer = undefined;
  }

  function scheduleReconnect(): void {
    if (stopped) return;
    clearTimers();
    options.onStatus?.('closed');
    retryTimer = setTimeout(() => void connect(), reconnectDelay(attempt, random));
    attempt++;
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const gen = generation;
    options.onStatus?.('connecting');
    let token: string | null;
    try {
      token = await options.getToken();
    } catch {
      token = null;
    }
    if (stopped || gen !== generation) return;
    if (!token) {
      scheduleReconnect();
      return;
    }
    const ws = new WS(options.url);
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'auth', token }));
    };
    ws.onmessage = (event: MessageEvent) => {
      const message = parse(event.data);
      if (!message) return;
      if (message.type === 'ready') {
        attempt = 0;
        options.onStatus?.('open');
        pingTimer = setInterval(() => {
          if (ws.readyState === WS.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
        }, PING_INTERVAL_MS);
      }
      options.onMessage(message);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      scheduleReconnect();
    };
    // An error is always followed by close, which does the reconnecting.
    ws.onerror = () => undefined;
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      generation++;
      attempt = 0;
      void connect();
    },
    reconnectNow() {
      if (stopped || socket !== null) return;
      // A connect() still awaiting its token is left to lapse: this one replaces it.
      generation++;
      clearTimers();
      attempt = 0;
      void connect();
    },
    stop() {
      stopped = true;
      generation++;
      clearTimers();
      const ws = socket;
      socket = null;
      if (ws && (ws.readyState === WS.OPEN || ws.readyState === WS.CONNECTING)) ws.close(1000);
      options.onStatus?.('closed');
    },
  };
}
