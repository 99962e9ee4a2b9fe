import { useEffect, useEffectEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpoints, parseBsIds } from '@emberwatch/shared';
import { useApiClient } from '../lib/ApiClientContext';
import { createRealtimeClient, realtimeUrl } from '../lib/realtimeClient';
import { queryKeys } from '../lib/queryKeys';
import { useSelectedStation } from '../features/base-stations';
import { FAN_KEY, fanQueryConcerns } from '../features/fans';

/**
 * Connects the push channel to the data queries (spec doc 1 §4 "Live updates"): a newData event
 * naming the selected station or one grouped with it refetches the probe readings; alertsChanged
 * refetches the monitors and storages, so an alert shows without a reload; fcStat refetches the
 * status of the controllers it names (the server sends it only for the user's). Also sends the
 * keep-alive when the tab becomes visible again.
 */
export function RealtimeBridge() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { selected, groupIds } = useSelectedStation();

  // An effect event reads the current selection without reconnecting the socket when it changes.
  const onNewData = useEffectEvent((bsIds: string[]) => {
    // An open probe chart whose window reaches now reads its station's new readings, whichever
    // station is selected (the detail can show a probe of any of the user's stations).
    for (const id of bsIds) void queryClient.invalidateQueries({ queryKey: queryKeys.liveProbeData(id) });
    if (!selected) return;
    for (const id of bsIds.filter((b) => groupIds.includes(b))) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.data(id) });
    }
  });

  // Alerts of a monitor watching one of the user's stations changed (raised, peaked, ended, reset,
  // acknowledged): the monitor cards, the storages' alert marks and the probe data read them again.
  const onAlertsChanged = useEffectEvent((bsIds: string[]) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.allMonitors });
    void queryClient.invalidateQueries({ queryKey: queryKeys.allStorages });
    if (selected)
      for (const id of bsIds.filter((b) => groupIds.includes(b)))
        void queryClient.invalidateQueries({ queryKey: queryKeys.data(id) });
  });

  // The fan queries naming one of the changed controllers, and the accounts' lists, are read again.
  const onFanStatus = useEffectEvent((fcIds: readonly string[]) => {
    void queryClient.invalidateQueries({
      queryKey: FAN_KEY,
      predicate: (q) => fanQueryConcerns(q.queryKey, fcIds),
    });
  });

  // After a (re)connection, pushes sent while the socket was down are lost: read the data afresh.
  const onReady = useEffectEvent(() => {
    onNewData(groupIds);
    onAlertsChanged(groupIds);
    void queryClient.invalidateQueries({ queryKey: FAN_KEY });
  });

  useEffect(() => {
    let connectedBefore = false;
    const client = createRealtimeClient({
      url: realtimeUrl(window.location),
      getToken: () => api.freshToken(),
      onMessage: (message) => {
        if (message.type === 'newData') onNewData(parseBsIds(message.bs_ids));
        if (message.type === 'alertsChanged') onAlertsChanged(parseBsIds(message.bs_ids));
        if (message.type === 'fcStat') onFanStatus(message.fc_ids.split(' ').filter(Boolean));
        if (message.type === 'ready') {
          if (connectedBefore) onReady();
          connectedBefore = true;
        }
      },
    });
    client.start();
    return () => client.stop();
  }, [api]);

  useEffect(() => {
    const onVisible = () => {
      // A 401 here is handled by the client: one refresh, then back to /login.
      if (document.visibilityState === 'visible') api.call(endpoints.sessions.auth).catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [api]);

  return null;
}
