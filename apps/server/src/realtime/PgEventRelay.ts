import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { BusEvents, EventBus } from './EventBus.js';
import type { RelayState } from './liveControl.js';

const RECONNECT_MS = 1000;
const MAX_RECONNECT_MS = 30_000;
/** Each message of a lot as one NOTIFY (see send). */
const NOTIFY = 'select pg_notify($1, m) from unnest($2::text[]) as m';

/** On the channel: the event's name, its payload's fields beside it, the sending instance and its message number. */
type RelayMessage = { event: string; origin: string; relaySeq: number } & Record<string, unknown>;

/**
 * Carries bus events between server instances that share one PostgreSQL database, with
 * LISTEN/NOTIFY: every instance pushes to its own WebSocket clients, whichever instance stored the data.
 * The channel is named after the schema, so separate installations in one database never mix.
 * It carries every event the features declare (decision 0085); what arrives must pass the event's
 * declared payload schema before it goes onto this instance's bus.
 */
export class PgEventRelay {
  private readonly instanceId = randomUUID();
  private readonly channel: string;
  private client: pg.Client | undefined;
  private stopped = false;
  private offBus: (() => void) | undefined;
  /** Messages published while a lot was on its way: the next lot (send). */
  private waiting: string[] = [];
  private sending = false;
  /** The number of the last message sent (see send). */
  private numbered = 0;
  /** What the operator console shows of the link (decision 0096). */
  private readonly status: RelayState = {
    state: 'connecting',
    sinceTs: null,
    sent: 0,
    received: 0,
    reconnects: 0,
  };

  constructor(
    private readonly connectionString: string,
    schema: string | undefined,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly nowS: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.channel = `emberwatch_events_${(schema ?? 'public').replace(/[^a-z0-9_]/gi, '_')}`.toLowerCase();
  }

  async start(): Promise<void> {
    await this.connect();
    const offs = this.bus.events().map(({ name }) =>
      this.bus.on(name, (e: BusEvents[typeof name] & { remote?: boolean }) => {
        if (e.remote) return;
        const { remote: _remote, ...payload } = e;
        this.publish(name, payload);
      }),
    );
    this.offBus = () => {
      for (const off of offs) off();
    };
  }

  state(): RelayState {
    return { ...this.status };
  }

  private enter(state: RelayState['state']): void {
    if (this.status.state === state) return;
    this.status.state = state;
    this.status.sinceTs = this.nowS();
  }

  /** An operator's reconnect: drops the connection and listens afresh (events meanwhile are lost). */
  async reconnect(): Promise<void> {
    if (this.stopped) return;
    const old = this.client;
    this.client = undefined;
    this.status.reconnects++;
    this.enter('connecting');
    await old?.end().catch(() => undefined);
    await this.connect();
  }

  private publish(event: string, payload: object): void {
    if (!this.client) return;
    const message: RelayMessage = { ...payload, event, origin: this.instanceId, relaySeq: ++this.numbered };
    this.status.sent++;
    this.waiting.push(JSON.stringify(message));
    if (!this.sending) void this.send();
  }

  /**
   * Sends the waiting messages, and those that come meanwhile, each lot in one statement: a NOTIFY is a
   * transaction of its own, with its commit record in the WAL flushed before it answers, and ingest
   * announces each commit (decision 0148). Nothing waits for a lot to fill: the first message goes at
   * once, and only those arriving while one is on its way share the next. Each message carries its
   * number, so two alike in one lot are not folded into one (PostgreSQL delivers a payload repeated in
   * one transaction once).
   */
  private async send(): Promise<void> {
    this.sending = true;
    try {
      while (this.waiting.length > 0) {
        const lot = this.waiting;
        this.waiting = [];
        const client = this.client;
        if (!client) break;
        try {
          // Prepared: sent after every ingest commit, where parsing it cost the backend as much as running it.
          await client.query({ name: 'ew_relay_notify', text: NOTIFY, values: [this.channel, lot] });
        } catch (err) {
          this.log.warn({ err, events: lot.length }, 'could not relay events to other instances');
        }
      }
    } finally {
      this.waiting = [];
      this.sending = false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.enter('stopped');
    this.offBus?.();
    await this.client?.end().catch(() => undefined);
  }

  /** Connects and listens, retrying with back-off until it works or the relay is stopped. */
  private async connect(): Promise<void> {
    let delay = RECONNECT_MS;
    while (!this.stopped) {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('notification', (msg) => this.deliver(msg));
      client.on('error', (err) => {
        this.log.warn({ err }, 'event relay connection lost; reconnecting');
        if (this.client === client) {
          this.client = undefined;
          this.status.reconnects++;
          this.enter('connecting');
        }
        void client.end().catch(() => undefined);
        if (!this.stopped) setTimeout(() => void this.connect(), RECONNECT_MS).unref();
      });
      try {
        await client.connect();
        await client.query(`listen ${this.channel}`);
        if (this.stopped) {
          await client.end();
          return;
        }
        this.client = client;
        this.enter('connected');
        return;
      } catch (err) {
        // connect() reports its failure only through the promise: no 'error' event follows.
        this.log.warn({ err }, 'event relay cannot reach PostgreSQL; retrying');
        await client.end().catch(() => undefined);
        await new Promise((r) => setTimeout(r, delay).unref());
        delay = Math.min(delay * 2, MAX_RECONNECT_MS);
      }
    }
  }

  private deliver(msg: pg.Notification): void {
    if (msg.channel !== this.channel || !msg.payload) return;
    let e: RelayMessage;
    try {
      e = JSON.parse(msg.payload) as RelayMessage;
    } catch {
      return; // not ours
    }
    if (e.origin === this.instanceId) return;
    const declared = this.bus.events().find((d) => d.name === e.event);
    // An event this instance does not know (a newer instance's) or a payload that does not fit is dropped.
    const parsed = declared?.spec.payload.safeParse(e);
    if (!declared || !parsed?.success) return;
    this.status.received++;
    this.bus.emit(declared.name, { ...parsed.data, remote: true } as BusEvents[typeof declared.name]);
  }
}
