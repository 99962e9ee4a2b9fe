import { z } from 'zod';
import type { LiveEvents } from '../../kernel/LiveEvent.js';

declare module '../../realtime/EventBus.js' {
  interface BusEvents {
    /**
     * An operator switched the live channel (decision 0096): every instance re-reads the switches
     * and does the same to its own sockets and relay. Not pushed to anyone.
     */
    liveSwitched: {
      /** What was switched: the stored switches (mutes, push), sockets closed, or the relay. */
      kind: 'switches' | 'disconnect' | 'relay';
      disconnect?: { userId?: number; connectionId?: string };
      reconnectRelay?: boolean;
      remote?: boolean;
    };
  }
}

export const connectionsLive = {
  liveSwitched: {
    payload: z.object({
      kind: z.enum(['switches', 'disconnect', 'relay']),
      disconnect: z
        .object({ userId: z.int().optional(), connectionId: z.string().max(80).optional() })
        .optional(),
      reconnectRelay: z.boolean().optional(),
    }),
  },
} satisfies LiveEvents;
