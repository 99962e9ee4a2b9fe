import type { InvalidateQueryFilters } from '@tanstack/react-query';
import type { LiveMessages } from '@emberwatch/shared/contracts/realtime';

/** What a feature's live handler may use: the queries, and the station the user has selected. */
export interface LiveContext {
  /**
   * Reads the queries these filters match again (the active ones; the others are marked stale).
   * At the socket's `ready` it reads only what may have missed a push, each once its answer is in
   * (lib/refetchMissed.ts).
   */
  refetch: (filters: InvalidateQueryFilters) => void;
  /** Whether a station is selected; `groupIds` are it and the stations grouped with it. */
  stationSelected: boolean;
  groupIds: readonly string[];
}

/**
 * How a web feature answers one live event (its `features/<f>/live.ts`, listed in app/features.ts):
 * the message's type, typed by the feature's shared contract (`LiveMessages`), what to refetch when
 * it arrives, and what to read afresh after a reconnection (pushes sent while the socket was down
 * are lost). The browser does not parse with the zod schema: zod stays out of the bundle
 * (apps/web/vite.config.ts); the server builds each message from that contract.
 */
export interface LiveHandler {
  readonly type: string;
  /** Handles a message of this type. */
  readonly receive: (message: unknown, ctx: LiveContext) => void;
  readonly onReconnect?: (ctx: LiveContext) => void;
}

export function liveHandler<T extends keyof LiveMessages>(
  type: T,
  onMessage: (message: LiveMessages[T], ctx: LiveContext) => void,
  onReconnect?: (ctx: LiveContext) => void,
): LiveHandler {
  return {
    type,
    receive: (message, ctx) => onMessage(message as LiveMessages[T], ctx),
    ...(onReconnect ? { onReconnect } : {}),
  };
}

/** A space-separated id list (bs_ids, fc_ids) as ids. */
export function idList(text: string): string[] {
  return text.split(' ').filter(Boolean);
}
