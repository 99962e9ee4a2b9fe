import { z } from 'zod';
import type { LiveEvents } from '../../kernel/LiveEvent.js';

declare module '../../realtime/EventBus.js' {
  interface BusEvents {
    /** Probes that changed station (a transfer, an activation): every instance's ingest cache forgets them. */
    probesMoved: { sensorIds: string[]; remote?: boolean };
  }
}

/** probesMoved: between features and instances only; no user sees it. */
export const probesLive = {
  probesMoved: { payload: z.object({ sensorIds: z.array(z.string()) }) },
} satisfies LiveEvents;
