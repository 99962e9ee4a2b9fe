import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  WS_AUTH_TIMEOUT_MS,
  wsClientMessageSchema,
  type WsServerMessage,
} from '@emberwatch/shared/contracts/realtime';
import type { AccessService } from '../http/access/index.js';
import type { AccessTokenVerifier } from '../http/authenticate.js';
import type { LivePush } from '../kernel/LiveEvent.js';
import type { EventBus } from './EventBus.js';
import type { LiveConnection } from './liveControl.js';

/** What the gateway uses: the bus it fans out, token checks and the access rules. */
export interface WsGatewayDeps {
  bus: EventBus;
  nowS: () => number;
  signer: Pick<AccessTokenVerifier, 'verifyWithExpiry'>;
  access: Pick<AccessService, 'actorFor' | 'visibleStationIds'>;
  /**
   * Since when (epoch seconds) this instance has heard every instance's events: its own start alone, or
   * with other instances, since the relay last connected; null while it does not (decision 0182).
   */
  hearsAllSinceS?: () => number | null;
}

/** What the gateway remembers of an event it pushed (or would have, to a connected user): whose it was. */
type Pushed = { atMs: number } & ({ stations: readonly string[] } | { accounts: readonly number[] });

/**
 * How long the gateway remembers what it pushed, for a tab that asks whether it missed anything since it
 * read its data (decisions 0182, 0183): a phone takes a page over within seconds, rarely a minute.
 */
const REMEMBERED_MS = 120_000;
/**
 * Instances' clocks differ a little, and the moments are whole seconds on some clocks: an event this
 * close before the tab's moment counts as after it.
 */
const CLOCK_MARGIN_MS = 2_000;
/** The resolution of the gateway's clock (`nowS`: whole seconds). */
const SECOND_MS = 1_000;

interface Subscriber {
  socket: WebSocket;
  /** The connection's id, for the operator console (decision 0096). */
  id: string;
  userId: number;
  connectedTs: number;
  pushed: number;
  lastPushTs: number | null;
  address: string | null;
  agent: string | null;
  /** When the access token it authenticated with expires (epoch seconds). */
  expiresAt: number;
  isAdmin: boolean;
  bsIds: Set<string>;
  /** The accounts whose stations and controllers it may see. */
  accountIds: Set<number>;
}

/** Whether a subscriber may see a station's events: an admin every station's. */
const seesStation = (s: Subscriber, bsId: string): boolean => s.isAdmin || s.bsIds.has(bsId);

/** Whether a subscriber may see an account event of these accounts: an admin every account's. */
const seesAccounts = (s: Subscriber, ownerIds: readonly number[]): boolean =>
  s.isAdmin || ownerIds.some((id) => s.accountIds.has(id));

/**
 * How often a connection's set of visible stations is refreshed (new stations, revoked access) and
 * expired tokens are closed.
 */
const ACCESS_REFRESH_MS = 60_000;

function send(socket: WebSocket, msg: WsServerMessage): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  socket.send(JSON.stringify(msg));
  return true;
}

/**
 * The gateway's handle for the operator console (realtime/liveControl.ts): its connections, and the
 * switches that mute a user, stop the push, or close sockets.
 */
export interface GatewayControl {
  connections(): LiveConnection[];
  pending(): number;
  disconnect(match: { userId?: number; connectionId?: string }): number;
  setMuted(userIds: ReadonlySet<number>): void;
  isMuted(userId: number): boolean;
  setPushEnabled(on: boolean): void;
  pushEnabled(): boolean;
}

/**
 * WebSocket /ws. A socket authenticates with its first message (an access token; browsers cannot set
 * headers on a WebSocket and a token in the URL would land in logs). It pushes every bus event a
 * feature declares with a `push` (decision 0085): a station event only to users allowed to see at
 * least one of the stations, naming only those; an account event to users who may see the account.
 */
export function wsGateway(ctx: WsGatewayDeps, refreshMs = ACCESS_REFRESH_MS) {
  const subscribers = new Set<Subscriber>();
  /** Sockets open and not yet authenticated. */
  let pending = 0;
  let muted: ReadonlySet<number> = new Set();
  let pushOn = true;
  const startedS = ctx.nowS();
  /** What was pushed in the last REMEMBERED_MS, oldest first. */
  const recent: Pushed[] = [];

  function remember(whose: { stations: readonly string[] } | { accounts: readonly number[] }): void {
    const atMs = ctx.nowS() * 1000;
    recent.push({ atMs, ...whose });
    while (recent.length > 0 && recent[0]!.atMs < atMs - REMEMBERED_MS) recent.shift();
  }

  /**
   * For how long, up to now, nothing `s` may see was pushed (decision 0183): since the last such push this
   * instance remembers, no further back than its memory, and only while it has heard every instance's
   * events. Remembered whether it was sent or not (a muted user, the push off): missed is missed. The
   * times are whole seconds: one is taken off, so that the answer is never longer than the truth.
   */
  function quietForMs(s: Subscriber): number {
    const nowMs = ctx.nowS() * 1000;
    const hearsAllSinceS = ctx.hearsAllSinceS ? ctx.hearsAllSinceS() : startedS;
    if (hearsAllSinceS === null) return 0;
    let fromMs = Math.max(hearsAllSinceS * 1000, nowMs - REMEMBERED_MS);
    // Newest first: the first push the user may see is the last one, and nothing older counts.
    for (let i = recent.length - 1; i >= 0 && recent[i]!.atMs > fromMs; i--) {
      const p = recent[i]!;
      if ('stations' in p ? p.stations.some((id) => seesStation(s, id)) : seesAccounts(s, p.accounts)) {
        fromMs = p.atMs;
        break;
      }
    }
    return Math.max(0, nowMs - fromMs - SECOND_MS);
  }

  /**
   * The answer to an app of decision 0182, which names the moment its drawn page was read (the server's
   * clock): whether that moment lies within the quiet time `quietFor` (quietForMs's answer) reaches back.
   */
  function quietSince(sinceMs: number, quietFor: number): boolean {
    const nowMs = ctx.nowS() * 1000;
    return sinceMs <= nowMs + CLOCK_MARGIN_MS && sinceMs - CLOCK_MARGIN_MS >= nowMs - quietFor;
  }

  async function accessFor(
    userId: number,
  ): Promise<{ isAdmin: boolean; bsIds: Set<string>; accountIds: Set<number> }> {
    const actor = await ctx.access.actorFor(userId);
    return {
      isAdmin: actor.isAdmin,
      bsIds: new Set(await ctx.access.visibleStationIds(actor)),
      accountIds: new Set(actor.accountIds),
    };
  }

  /** A session ends with its token: the client reconnects with a fresh one (or not at all after logout). */
  function expire(s: Subscriber): void {
    subscribers.delete(s);
    s.socket.close(4401, 'token expired');
  }

  /** Subscribers whose token still holds; a run-out one is closed on the way (never pushed to). */
  function* current(): Generator<Subscriber> {
    const now = ctx.nowS();
    for (const s of subscribers) {
      // Checked here too, not only by the refresher: no push ever goes out on a token that ran out.
      if (s.expiresAt <= now) expire(s);
      else yield s;
    }
  }

  function pushTo(s: Subscriber, msg: WsServerMessage): void {
    if (send(s.socket, msg)) {
      s.pushed++;
      s.lastPushTs = ctx.nowS();
    }
  }

  /** Who gets pushes: nobody while the push is off, never a muted user (decision 0096). */
  function* receivers(): Generator<Subscriber> {
    if (!pushOn) return;
    for (const s of current()) if (!muted.has(s.userId)) yield s;
  }

  function deliver(push: LivePush<unknown>, event: unknown): void {
    if (push.to === 'stations') {
      const bsIds = push.stationsOf(event);
      if (bsIds.length === 0) return;
      remember({ stations: bsIds });
      for (const s of receivers()) {
        const mine = s.isAdmin ? bsIds : bsIds.filter((id) => seesStation(s, id));
        if (mine.length > 0) pushTo(s, push.message(mine, event));
      }
      return;
    }
    // An account event goes whole to whoever may see the account: the feature tells one account per
    // change, so no one learns another account's ids.
    const message = push.message(event);
    if (message === null) return;
    const ownerIds = push.accountsOf(event);
    remember({ accounts: ownerIds });
    for (const s of receivers()) {
      if (seesAccounts(s, ownerIds)) pushTo(s, message);
    }
  }

  const control: GatewayControl = {
    connections: () =>
      [...subscribers].map((s) => ({
        id: s.id,
        userId: s.userId,
        isAdmin: s.isAdmin,
        connectedTs: s.connectedTs,
        expiresTs: s.expiresAt,
        stations: s.bsIds.size,
        pushed: s.pushed,
        lastPushTs: s.lastPushTs,
        address: s.address,
        agent: s.agent,
      })),
    pending: () => pending,
    disconnect: ({ userId, connectionId }) => {
      let closed = 0;
      for (const s of [...subscribers]) {
        if (userId !== undefined && s.userId !== userId) continue;
        if (connectionId !== undefined && s.id !== connectionId) continue;
        subscribers.delete(s);
        // 4000: closed by an operator; the browser reconnects as after any drop.
        s.socket.close(4000, 'closed by an operator');
        closed++;
      }
      return closed;
    },
    setMuted: (ids) => {
      muted = ids;
    },
    isMuted: (id) => muted.has(id),
    setPushEnabled: (on) => {
      pushOn = on;
    },
    pushEnabled: () => pushOn,
  };

  const refresher = setInterval(() => {
    const now = ctx.nowS();
    for (const s of subscribers) {
      if (s.expiresAt <= now) {
        expire(s);
        continue;
      }
      accessFor(s.userId).then(
        (a) => {
          s.isAdmin = a.isAdmin;
          s.bsIds = a.bsIds;
          s.accountIds = a.accountIds;
        },
        () => s.socket.close(4401, 'session ended'),
      );
    }
  }, refreshMs);
  refresher.unref();

  const routes = (app: FastifyInstance): void => {
    // Subscribed when mounted: the server declares every feature's events before it mounts any.
    const offs = ctx.bus.events().flatMap(({ name, spec }) => {
      const push = spec.push as LivePush<unknown> | undefined;
      return push ? [ctx.bus.on(name, (e: unknown) => deliver(push, e))] : [];
    });
    app.addHook('onClose', () => {
      for (const off of offs) off();
      clearInterval(refresher);
      for (const s of subscribers) s.socket.close(1001, 'server shutting down');
    });

    app.get('/ws', { websocket: true }, (socket, req) => {
      let sub: Subscriber | undefined;
      const connectedTs = ctx.nowS();
      const id = randomUUID().slice(0, 8);
      let counted = true;
      pending++;
      const authenticated = () => {
        if (counted) pending--;
        counted = false;
      };
      const timer = setTimeout(() => socket.close(4401, 'authentication timeout'), WS_AUTH_TIMEOUT_MS);

      socket.on('message', (raw: Buffer) => {
        let data: unknown;
        try {
          data = JSON.parse(raw.toString('utf8'));
        } catch {
          send(socket, { type: 'error', error: 'messages must be JSON' });
          return;
        }
        const parsed = wsClientMessageSchema.safeParse(data);
        if (!parsed.success) {
          send(socket, { type: 'error', error: 'unknown message' });
          return;
        }
        const msg = parsed.data;
        if (msg.type === 'ping') {
          send(socket, { type: 'pong' });
          return;
        }
        void (async () => {
          const verified = await ctx.signer.verifyWithExpiry(msg.token);
          if (verified === null) {
            socket.close(4401, 'invalid token');
            return;
          }
          const { userId, exp } = verified;
          try {
            const access = await accessFor(userId);
            // The socket may have closed while we looked the user up: never subscribe a dead one.
            if (socket.readyState !== socket.OPEN) return;
            clearTimeout(timer);
            authenticated();
            if (sub) subscribers.delete(sub);
            sub = {
              socket,
              id,
              userId,
              expiresAt: exp,
              connectedTs,
              pushed: sub?.pushed ?? 0,
              lastPushTs: sub?.lastPushTs ?? null,
              address: req.ip ?? null,
              agent: req.headers['user-agent']?.slice(0, 200) ?? null,
              ...access,
            };
            subscribers.add(sub);
            const quietFor = quietForMs(sub);
            const quiet = msg.since !== undefined && quietSince(msg.since, quietFor);
            send(socket, {
              type: 'ready',
              UID: userId,
              ...(quietFor > 0 ? { quietForMs: quietFor } : {}),
              ...(quiet ? { quiet } : {}),
            });
          } catch {
            socket.close(4401, 'session ended');
          }
        })();
      });

      socket.on('close', () => {
        clearTimeout(timer);
        authenticated();
        if (sub) subscribers.delete(sub);
      });
    });
  };
  return Object.assign(routes, { control });
}
