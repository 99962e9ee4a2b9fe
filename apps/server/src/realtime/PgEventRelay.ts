import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './EventBus.js';

const RECONNECT_MS = 1000;

type RelayMessage =
  | { event: 'newData'; bsIds: string[] }
  | { event: 'probesMoved'; sensorIds: string[] }
  | { event: 'alertsChanged'; ownerIds: number[]; bsIds: string[] }
  | { event: 'fanStatusChanged'; ownerIds: number[]; fcIds: string[] };
const MAX_RECONNECT_MS = 30_000;

/**
 * Carries bus events between server instances that share one PostgreSQL database, with
 * LISTEN/NOTIFY: every instance pushes to its own WebSocket clients, whichever instance stored the data.
 * The channel is named after the schema, so separate installations in one database never mix.
 */
export class PgEventRelay {
  private readonly instanceId = randomUUID();
  private readonly channel: string;
  private client: pg.Client | undefined;
  private stopped = false;
  private offBus: (() => void) | undefined;

  constructor(
    private readonly connectionString: string,
    schema: string | undefined,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = `emberwatch_events_${(schema ?? 'public').replace(/[^a-z0-9_]/gi, '_')}`.toLowerCase();
  }

  async start(): Promise<void> {
    await this.connect();
    const offNewData = this.bus.on('newData', (e) => {
      if (!e.remote) this.publish({ event: 'newData', bsIds: e.bsIds });
    });
    const offMoved = this.bus.on('probesMoved', (e) => {
      if (!e.remote) this.publish({ event: 'probesMoved', sensorIds: e.sensorIds });
    });
    const offAlerts = this.bus.on('alertsChanged', (e) => {
      if (!e.remote) this.publish({ event: 'alertsChanged', ownerIds: e.ownerIds, bsIds: e.bsIds });
    });
    const offFans = this.bus.on('fanStatusChanged', (e) => {
      if (!e.remote) this.publish({ event: 'fanStatusChanged', ownerIds: e.ownerIds, fcIds: e.fcIds });
    });
    this.offBus = () => {
      offNewData();
      offMoved();
      offAlerts();
      offFans();
    };
  }

  private publish(message: RelayMessage): void {
    const payload = JSON.stringify({ ...message, origin: this.instanceId });
    this.client?.query('select pg_notify($1, $2)', [this.channel, payload]).catch((err: unknown) => {
      this.log.warn({ err, event: message.event }, 'could not relay an event to other instances');
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
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
        if (this.client === client) this.client = undefined;
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
    try {
      const e = JSON.parse(msg.payload) as RelayMessage & { origin: string };
      if (e.origin === this.instanceId) return;
      if (e.event === 'newData' && Array.isArray(e.bsIds))
        this.bus.emit('newData', { bsIds: e.bsIds, remote: true });
      if (e.event === 'probesMoved' && Array.isArray(e.sensorIds))
        this.bus.emit('probesMoved', { sensorIds: e.sensorIds, remote: true });
      if (e.event === 'alertsChanged' && Array.isArray(e.ownerIds) && Array.isArray(e.bsIds))
        this.bus.emit('alertsChanged', {
          ownerIds: e.ownerIds.filter(Number.isInteger),
          bsIds: e.bsIds.filter((id) => typeof id === 'string'),
          remote: true,
        });
      if (e.event === 'fanStatusChanged' && Array.isArray(e.ownerIds) && Array.isArray(e.fcIds))
        this.bus.emit('fanStatusChanged', {
          ownerIds: e.ownerIds.filter(Number.isInteger),
          fcIds: e.fcIds.filter((id) => typeof id === 'string'),
          remote: true,
        });
    } catch {
      /* not ours */
    }
  }
}
