import type {
  LiveClient,
  LiveInstance,
  RelayStatus,
  SocketStatusesResponse,
} from '@emberwatch/shared/contracts/connections';
import {
  serverSocketRefusal,
  type ClientSocketAction,
  type ServerLink,
  type ServerSocketAction,
} from '@emberwatch/shared/domain/liveSwitches';
import { ApiError } from '../../http/ApiError.js';
import { assertOperator, type Actor } from '../../http/access/index.js';
import type { EventBus } from '../../realtime/EventBus.js';
import type { LiveConnection, LiveControl, RelayState } from '../../realtime/liveControl.js';
import type { ConnectionsRepository } from './connections.repository.js';

/** How often each instance reports its connections (and re-reads the switches, should a relay message be lost). */
export const LIVE_REPORT_EVERY_MS = 10_000;
/** An instance silent this long is gone (it reports every 10 s). */
const INSTANCE_GONE_AFTER_S = 30;
/** A report holds at most this many connections (the list is for looking, not for counting). */
const MAX_REPORTED = 2000;

interface InstanceSnapshot {
  push_enabled: boolean;
  pending: number;
  relay: RelayState;
  clients: LiveConnection[];
}

const relayOf = (r: RelayState): RelayStatus => ({
  state: r.state,
  since_ts: r.sinceTs,
  sent: r.sent,
  received: r.received,
  reconnects: r.reconnects,
});

/**
 * The live connections of the operator console (decision 0096): what every instance's gateway holds
 * (this instance's read live, the others' from their last report), and the switches. A switch is
 * stored (so that a restarted or new instance follows it), done on this instance, and told to the
 * others on the bus (the PostgreSQL relay carries it), which do the same to their own sockets.
 */
export class LiveConnectionsService {
  constructor(
    private readonly repo: ConnectionsRepository,
    private readonly live: () => LiveControl,
    private readonly bus: EventBus,
    private readonly nowS: () => number,
  ) {}

  /** Counts the loads started, so that only the newest one's reading is applied. */
  private loads = 0;

  /**
   * Applies the stored switches to this instance's gateway. Two switches told at once start two loads;
   * the older may answer last (a busy pool), and its reading must not undo the newer one's.
   */
  async load(): Promise<void> {
    const seq = ++this.loads;
    const [muted, push] = await Promise.all([this.repo.mutedUsers(), this.repo.setting('push')]);
    if (seq !== this.loads) return;
    const live = this.live();
    live.setMuted(new Set(muted.map((m) => m.user_id)));
    live.setPushEnabled(push !== 'off');
  }

  private snapshot(): InstanceSnapshot {
    const live = this.live();
    return {
      push_enabled: live.pushEnabled(),
      pending: live.pending(),
      relay: live.relay(),
      clients: live.connections().slice(0, MAX_REPORTED),
    };
  }

  /** This instance's report for the others' console, and a re-read of the switches. */
  async report(): Promise<void> {
    const live = this.live();
    await this.repo.report(live.instance, live.startedTs, this.nowS(), JSON.stringify(this.snapshot()));
    await this.load();
  }

  async forget(): Promise<void> {
    await this.repo.forget(this.live().instance);
  }

  /** Another instance's switch: the same on this one. */
  async switched(e: { disconnect?: { userId?: number; connectionId?: string }; reconnectRelay?: boolean }) {
    await this.load();
    const live = this.live();
    if (e.disconnect) live.disconnect(e.disconnect);
    if (e.reconnectRelay) await live.reconnectRelay();
  }

  async statuses(actor: Actor): Promise<SocketStatusesResponse> {
    assertOperator(actor, 'liveConnections');
    const now = this.nowS();
    const live = this.live();
    const own = { instance: live.instance, started_ts: live.startedTs, seen_ts: now, ...this.snapshot() };
    const others = (await this.repo.instancesSince(now - INSTANCE_GONE_AFTER_S))
      .filter((r) => r.instance !== live.instance)
      .map((r) => ({ ...r, ...(JSON.parse(r.snapshot) as InstanceSnapshot) }));
    const all = [{ ...own, self: true }, ...others.map((o) => ({ ...o, self: false }))];
    const muted = await this.repo.mutedUsers();
    const mutedIds = new Set(muted.map((m) => m.user_id));
    const users = new Map(
      (await this.repo.users(all.flatMap((i) => i.clients.map((c) => c.userId)))).map((u) => [u.id, u]),
    );
    const name = (u: { firstname: string | null; lastname: string | null } | undefined) =>
      [u?.firstname, u?.lastname].filter(Boolean).join(' ') || null;
    const clients: LiveClient[] = all.flatMap((i) =>
      i.clients.map((c) => ({
        id: c.id,
        instance: i.instance,
        UID: c.userId,
        username: users.get(c.userId)?.username ?? null,
        name: name(users.get(c.userId)),
        is_admin: c.isAdmin,
        connected_ts: c.connectedTs,
        expires_ts: c.expiresTs,
        stations: c.stations,
        pushed: c.pushed,
        last_push_ts: c.lastPushTs,
        address: c.address,
        agent: c.agent,
        muted: mutedIds.has(c.userId),
      })),
    );
    const instances: LiveInstance[] = all.map((i) => ({
      instance: i.instance,
      self: i.self,
      started_ts: i.started_ts,
      seen_ts: i.seen_ts,
      push_enabled: i.push_enabled,
      clients: i.clients.length,
      pending: i.pending,
      relay: relayOf(i.relay),
    }));
    return {
      status_code: 0,
      now_ts: now,
      push_enabled: live.pushEnabled(),
      instances,
      clients,
      muted: muted.map((m) => ({ UID: m.user_id, username: m.username, since_ts: m.since_ts, by: m.by })),
    };
  }

  async setClient(
    actor: Actor,
    body: { UID: number; action: ClientSocketAction; connection?: string },
  ): Promise<{ live: boolean; disconnected: number }> {
    assertOperator(actor, 'liveSwitches');
    if (body.connection !== undefined && body.action !== 'disconnect')
      throw ApiError.invalid('Only a disconnect names one connection.', 'connection');
    if (!(await this.repo.userExists(body.UID))) throw ApiError.notFound('There is no such user.');
    const live = this.live();
    let disconnected = 0;
    if (body.action === 'disconnect') {
      const match = { userId: body.UID, ...(body.connection ? { connectionId: body.connection } : {}) };
      disconnected = live.disconnect(match);
      this.bus.emit('liveSwitched', { kind: 'disconnect', disconnect: match });
    } else {
      if (body.action === 'disable') await this.repo.mute(body.UID, actor.user.id, this.nowS());
      else await this.repo.unmute(body.UID);
      await this.load();
      this.bus.emit('liveSwitched', { kind: 'switches' });
    }
    return { live: !live.isMuted(body.UID), disconnected };
  }

  async setServer(
    actor: Actor,
    body: { link: ServerLink; action: ServerSocketAction },
  ): Promise<{ push_enabled: boolean; relay: RelayStatus }> {
    assertOperator(actor, 'liveSwitches');
    const live = this.live();
    const refusal = serverSocketRefusal(body.link, body.action, live.relay().state !== 'none');
    if (refusal) throw new ApiError(refusal.status, refusal.error, refusal.status);
    if (body.link === 'relay') {
      await live.reconnectRelay();
      this.bus.emit('liveSwitched', { kind: 'relay', reconnectRelay: true });
    } else if (body.action === 'reconnect') {
      live.disconnect({});
      this.bus.emit('liveSwitched', { kind: 'disconnect', disconnect: {} });
    } else {
      await this.repo.setSetting('push', body.action, actor.user.id, this.nowS());
      await this.load();
      this.bus.emit('liveSwitched', { kind: 'switches' });
    }
    return { push_enabled: live.pushEnabled(), relay: relayOf(live.relay()) };
  }
}
