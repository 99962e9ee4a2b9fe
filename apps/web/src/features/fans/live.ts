import { idList, liveHandler } from '../../lib/liveHandler';
import { FAN_KEY, fanQueryConcerns } from './fanQueries';

/**
 * fcStat (spec doc 1 §4): the fan queries naming one of the changed controllers, and the accounts'
 * lists, are read again (the server sends it only for the user's controllers).
 */
export const fansLive = [
  liveHandler(
    'fcStat',
    (m, { queryClient }) => {
      const fcIds = idList(m.fc_ids);
      void queryClient.invalidateQueries({
        queryKey: FAN_KEY,
        predicate: (q) => fanQueryConcerns(q.queryKey, fcIds),
      });
    },
    ({ queryClient }) => void queryClient.invalidateQueries({ queryKey: FAN_KEY }),
  ),
];
