import { z } from 'zod';
import { alertsChangedMessageSchema } from '@emberwatch/shared/contracts/monitors';
import { pushToStations, type LiveEvents } from '../../kernel/LiveEvent.js';

declare module '../../realtime/EventBus.js' {
  interface BusEvents {
    /**
     * Alerts of these accounts changed (raised, peaked, cleared, reset, acknowledged, a data break),
     * after the commit: notifications and live views re-read them.
     */
    alertsChanged: { ownerIds: number[]; bsIds: string[]; remote?: boolean };
  }
}

/** alertsChanged: to every user who may see one of the monitored stations, naming only those. */
export const monitorsLive = {
  alertsChanged: {
    payload: z.object({ ownerIds: z.array(z.int()), bsIds: z.array(z.string()) }),
    push: pushToStations(
      alertsChangedMessageSchema,
      (e) => e.bsIds,
      (visible) => ({ type: 'alertsChanged', bs_ids: visible.join(' ') }),
    ),
  },
} satisfies LiveEvents;
