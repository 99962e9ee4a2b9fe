import { idList, liveHandler } from '../../lib/liveHandler';
import { FAN_KEY, fanQueryConcerns } from './fanQueries';

/**
 * fcStat (spec doc 1 §4): the fan queries naming one of the changed controllers, and the accounts'
 * lists, are read again (the server sends it only for the user's controllers).
 */
export const fansLive = [
  liveHandler(
    'fcStat',
    (m, { refetch }) => {
      const fcIds = idList(m.fc_ids);
      refetch({ queryKey: FAN_KEY, predicate: (q) => fanQueryConcerns(q.queryKey, fcIds) });
    },
    ({ refetch }) => refetch({ queryKey: FAN_KEY }),
  ),
];
