import { z } from 'zod';

/** Messages on the WebSocket /ws. The client authenticates with its first message. */
export const wsClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('auth'),
    token: z.string().min(1).max(4096),
    /**
     * The moment (epoch ms, the server's clock) since which the tab's data is the server's, as the app of
     * decision 0182 named it for a page the server drew; the answer's `quiet` says whether anything for
     * this user was pushed since. Today's app reads `ready`'s `quietForMs` instead (decision 0183).
     */
    since: z.number().int().positive().max(8_640_000_000_000_000).optional(),
  }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;

/**
 * The socket's own messages: the answer to auth, to a ping, and to a message it could not read.
 * `ready`'s `quietForMs`: for how long, up to the moment it was sent, the server knows that nothing this
 * user may see was pushed; data the tab began to read within that time missed nothing and need not be
 * read again (decision 0183). Absent when the server cannot tell. A duration, so that no clock is
 * compared with another. `quiet` answers an auth that named `since` (decision 0182).
 */
export type WsControlMessage =
  | { type: 'ready'; UID: number; quietForMs?: number; quiet?: true }
  | { type: 'pong' }
  | { type: 'error'; error: string };

/**
 * A live event's message: `type` names the event, the rest is its payload. Each feature declares its
 * own in its contract with `liveMessageSchema` and adds it to `LiveMessages` there (a module
 * augmentation), so that this file never changes for a new live event (decision 0085).
 */
export function liveMessageSchema<T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.strictObject({ type: z.literal(type), ...shape });
}

/** Every live message by its type; filled by the features' contracts (see `liveMessageSchema`). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LiveMessages {}
export type LiveMessage = LiveMessages[keyof LiveMessages];
/** What the server may send on /ws. */
export type WsServerMessage = WsControlMessage | LiveMessage;

/** How long a socket may stay unauthenticated before the server closes it. */
export const WS_AUTH_TIMEOUT_MS = 5000;
