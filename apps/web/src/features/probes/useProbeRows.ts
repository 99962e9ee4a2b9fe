import { useMemo } from 'react';
import { TIMESTAMP_REFRESH_MS } from '@emberwatch/shared/domain/probeList';
import { useBsConfs, useStationDatas } from '../base-stations';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { buildProbeRows } from './buildProbeRows';

/**
 * A number per object of an answer, the same for the same object: a read that brought nothing new keeps
 * what did not change (TanStack Query shares it), so the rows are not built and drawn again for it — as
 * after the push socket's first `ready`, which reads again what was read before it (decision 0173).
 */
const answerIds = new WeakMap<object, number>();
let lastAnswerId = 0;
function answerId(answer: object | undefined): number {
  if (answer === undefined) return 0;
  let id = answerIds.get(answer);
  if (id === undefined) answerIds.set(answer, (id = ++lastAnswerId));
  return id;
}

/**
 * The probe rows of the selected tab: one station, or every station of a merged group (a group is
 * shown as one list). The configuration (names, disabled probes) and the latest readings are separate
 * queries per station: a newData push refetches only the readings of the stations it names. The rows
 * are recomputed every 20 s so ages and highlights move on without new data (spec doc 2 §2.2).
 */
export function useProbeRows(bsIds: readonly string[]) {
  const confs = useBsConfs(bsIds);
  const datas = useStationDatas(bsIds);
  const nowSeconds = useNowSeconds(TIMESTAMP_REFRESH_MS);
  const ready = confs.every((q) => q.data) && datas.every((q) => q.data);
  const configurations = confs.flatMap((q) => q.data?.sensor_configurations ?? []);
  const readings = datas.flatMap((q) => q.data?.results ?? []);
  // Stable inputs for the memo: the lists the rows are built from change identity only when a read
  // brought something new in them. Not the answers themselves: the readings' answer carries the
  // server's clock (`server_ts`), new on every read, and keying by it drew every row again right after
  // a page the server drew was taken over, when the push socket's first `ready` reads again.
  const confKey = confs.map((q) => answerId(q.data?.sensor_configurations)).join();
  const dataKey = datas.map((q) => answerId(q.data?.results)).join();
  const rows = useMemo(
    () => (ready ? buildProbeRows(configurations, readings, nowSeconds) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the queries' answers
    [ready, confKey, dataKey, nowSeconds],
  );
  return {
    rows,
    isLoading: bsIds.length > 0 && !ready && ![...confs, ...datas].some((q) => q.error),
    error: [...confs, ...datas].find((q) => q.error)?.error ?? null,
    refetch: () => {
      for (const q of [...confs, ...datas]) void q.refetch();
    },
  };
}
