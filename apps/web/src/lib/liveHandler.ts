import type { QueryClient } from '@tanstack/react-query';
import type { LiveMessage } from '@emberwatch/shared/contracts/realtime';
import type { z } from 'zod';

/** What a feature's live handler may use: the queries, and the station the user has selected. */
export interface LiveContext {
  queryClient: QueryClient;
  /** Whether a station is selected; `groupIds` are it and the stations grouped with it. */
  stationSelected: boolean;
  groupIds: readonly string[];
}

/**
 * How a web feature answers one live event (its `features/<f>/live.ts`, listed in app/features.ts):
 * the message's contract from the feature's shared contract, what to refetch when it arrives, and
 * what to read afresh after a reconnection (pushes sent while the socket was down are lost).
 */
export interface LiveHandler {
  readonly type: string;
  /** Parses and handles a message of this type; a message that does not fit is ignored. */
  readonly receive: (message: unknown, ctx: LiveContext) => void;
  readonly onReconnect?: (ctx: LiveContext) => void;
}

export function liveHandler<M extends LiveMessage>(
  contract: z.ZodType<M> & { shape: { type: { value: M['type'] } } },
  onMessage: (message: M, ctx: LiveContext) => void,
  onReconnect?: (ctx: LiveContext) => void,
): LiveHandler {
  return {
    type: contract.shape.type.value,
    receive: (message, ctx) => {
      const parsed = contract.safeParse(message);
      if (parsed.success) onMessage(parsed.data, ctx);
    },
    ...(onReconnect ? { onReconnect } : {}),
  };
}

/** A space-separated id list (bs_ids, fc_ids) as ids. */
export function idList(text: string): string[] {
  return text.split(' ').filter(Boolean);
}
