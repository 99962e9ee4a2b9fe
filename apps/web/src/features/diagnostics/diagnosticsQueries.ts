import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { LogLevelName } from '@emberwatch/shared/domain/serverLogs';
import { useApiClient } from '../../lib/ApiClientContext';

/** The operator console's diagnostics as TanStack queries (admins only; decision 0095). */
const diagnosticsKey = ['diagnostics'] as const;

export interface ServerLogFilter {
  server: string;
  fromTs: number;
  toTs: number;
  showAux: boolean;
  level: LogLevelName;
}

/** The servers' own log lines (GET /admin/logs; spec doc 1 §7: server, env, timeFilter). */
export function useServerLogs(f: ServerLogFilter) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...diagnosticsKey, 'logs', f],
    queryFn: () =>
      api.call(endpoints.diagnostics.logs, {
        server: f.server,
        timeFilter: `${f.fromTs},${f.toTs}`,
        showAux: f.showAux ? '1' : '0',
        level: f.level,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The answered HTTP calls (GET /admin/accesslogs; ranged: startTS, endTS). */
export function useAccessLogs(f: { fromTs: number; toTs: number; status: string }) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...diagnosticsKey, 'access', f],
    queryFn: () =>
      api.call(endpoints.diagnostics.accesslogs, {
        startTS: f.fromTs,
        endTS: f.toTs,
        ...(f.status === '' ? {} : { status: f.status }),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSysOps() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...diagnosticsKey, 'sysOps'],
    queryFn: () => api.call(endpoints.diagnostics.getSysOpList),
  });
}

export function useGariCalls(fromTs: number, toTs: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...diagnosticsKey, 'gari', fromTs, toTs],
    queryFn: () => api.call(endpoints.diagnostics.getGariCallLog, { startTS: fromTs, endTS: toTs }),
    placeholderData: keepPreviousData,
  });
}

export function useTestData(hours: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...diagnosticsKey, 'tests', hours],
    queryFn: () => api.call(endpoints.diagnostics.getTestDataAll, { hours }),
    placeholderData: keepPreviousData,
  });
}

export type RegistrationState = 'all' | 'open' | 'activated';

export function useBsRegistrations(state: RegistrationState) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...diagnosticsKey, 'bsIds', state],
    queryFn: () => api.call(endpoints.diagnostics.getBSRegistrations, { state }),
    placeholderData: keepPreviousData,
  });
}

export function useProbeRegistrations(state: RegistrationState) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...diagnosticsKey, 'probeIds', state],
    queryFn: () => api.call(endpoints.diagnostics.getProbeRegistrations, { state }),
    placeholderData: keepPreviousData,
  });
}
