import { z } from 'zod';
import { newDataMessageSchema } from '@emberwatch/shared/contracts/readings';
import { pushToStations, type LiveEvents } from '../../kernel/LiveEvent.js';

declare module '../../realtime/EventBus.js' {
  interface BusEvents {
    /** Stations whose data changed, after the commit (ingest, a probe's transfer or settings). */
    newData: { bsIds: string[]; remote?: boolean };
  }
}

/** newData: to every user who may see one of the stations, naming only those (spec doc 1 §4). */
export const readingsLive = {
  newData: {
    payload: z.object({ bsIds: z.array(z.string()) }),
    push: pushToStations(
      newDataMessageSchema,
      (e) => e.bsIds,
      (visible) => ({ type: 'newData', bs_ids: visible.join(' ') }),
    ),
  },
} satisfies LiveEvents;
