/**
 * What the operator console may see and switch of the live channel (decision 0096): this instance's
 * WebSocket clients and its relay to the other instances. The realtime layer implements it; the
 * connections feature reads and drives it, and carries the switches to the other instances.
 */

/** One authenticated socket of this instance. */
export interface LiveConnection {
  id: string;
  userId: number;
  isAdmin: boolean;
  connectedTs: number;
  expiresTs: number;
  stations: number;
  pushed: number;
  lastPushTs: number | null;
  address: string | null;
  agent: string | null;
}

export interface RelayState {
  state: 'none' | 'connected' | 'connecting' | 'stopped';
  sinceTs: number | null;
  sent: number;
  received: number;
  reconnects: number;
}

export interface LiveControl {
  /** This instance, as the console names it. */
  readonly instance: string;
  readonly startedTs: number;
  connections(): LiveConnection[];
  /** Sockets open but not authenticated yet. */
  pending(): number;
  /** Closes the sockets of a user (or the one connection); the browser reconnects. Returns how many. */
  disconnect(match: { userId?: number; connectionId?: string }): number;
  /** The users who get no live updates (their sockets stay open, nothing is pushed to them). */
  setMuted(userIds: ReadonlySet<number>): void;
  isMuted(userId: number): boolean;
  /** Off: nothing is pushed to any client of this instance. */
  setPushEnabled(on: boolean): void;
  pushEnabled(): boolean;
  relay(): RelayState;
  /** Drops the relay's connection and listens afresh; false without a relay. */
  reconnectRelay(): Promise<boolean>;
}
