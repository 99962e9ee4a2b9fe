import { z } from 'zod';

/** Messages on the WebSocket /ws. The client authenticates with its first message. */
export const wsClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;

export type WsServerMessage =
  | { type: 'ready'; UID: number }
  | { type: 'pong' }
  | { type: 'error'; error: string }
  /** Spec doc 1 §4: newData carries bs_ids as a space-separated list. */
  | { type: 'newData'; bs_ids: string }
  /**
   * Ours (issue 11): alerts of monitors watching these stations were raised, changed or ended; the
   * web reads monitors, storages and probe data again. Space-separated like newData.
   */
  | { type: 'alertsChanged'; bs_ids: string }
  /**
   * Spec doc 1 §4: "Event fcStat refetches field controller status when the id matches one of the
   * user's FC ids". These controllers' status changed (a decision, a report, an outage, a return);
   * space-separated ids, sent only to users who may see the controllers' accounts.
   */
  | { type: 'fcStat'; fc_ids: string };

/** How long a socket may stay unauthenticated before the server closes it. */
export const WS_AUTH_TIMEOUT_MS = 5000;
