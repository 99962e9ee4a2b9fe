import { z } from 'zod';
import { fcStatMessageSchema } from '@emberwatch/shared/contracts/fans';
import { pushToAccounts, type LiveEvents } from '../../kernel/LiveEvent.js';

declare module '../../realtime/EventBus.js' {
  interface BusEvents {
    /** Fan controllers of these accounts changed status, after the commit. */
    fanStatusChanged: { ownerIds: number[]; fcIds: string[]; remote?: boolean };
  }
}

/**
 * fanStatusChanged: the fcStat push, to every user who may see the controllers' account (the decider
 * tells one account per change, so no one learns another account's controller ids).
 */
export const fansLive = {
  fanStatusChanged: {
    payload: z.object({ ownerIds: z.array(z.int()), fcIds: z.array(z.string()) }),
    push: pushToAccounts(
      fcStatMessageSchema,
      (e) => e.ownerIds,
      (e) => (e.fcIds.length > 0 ? { type: 'fcStat', fc_ids: e.fcIds.join(' ') } : null),
    ),
  },
} satisfies LiveEvents;
