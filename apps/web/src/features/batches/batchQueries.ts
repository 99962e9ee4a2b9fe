import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  BATCH_REPORT_PDF_PATH,
  type Batch,
  type BatchPhaseInput,
  type SaveBatchRequest,
  type SaveProcessPhasesRequest,
} from '@emberwatch/shared/contracts/batches';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import type { SanitisationStandard } from '@emberwatch/shared/domain/batches/sanitisationStandards';
import type { ApiClient } from '../../lib/apiClient';
import { useApiClient } from '../../lib/ApiClientContext';
import { useSelectedStation } from '../base-stations';
import { mergeBatches, type BatchList } from './mergeBatches';

/**
 * The batches feature's server resource as TanStack queries. Every key is under `BATCH_KEY` and the
 * account (the selected station's owner, as for storages): a change to a batch reloads what shows it.
 * The keys live here, not in lib/queryKeys.ts: the realtime bridge has no batch push to invalidate
 * them with; the list follows new readings itself (useRefetchOnNewData).
 */
export const BATCH_KEY = ['batches'] as const;
export type BatchView = 'active' | 'archived';
export const batchKeys = {
  account: (uid: number) => [...BATCH_KEY, uid] as const,
  list: (uid: number, view: BatchView) => [...BATCH_KEY, uid, 'list', view] as const,
  one: (uid: number, batchId: number) => [...BATCH_KEY, uid, 'one', batchId] as const,
  counts: (uid: number) => [...BATCH_KEY, uid, 'counts'] as const,
  phases: (uid: number, batchId: number | null) =>
    [...BATCH_KEY, uid, 'phases', batchId ?? 'defaults'] as const,
  rcLog: (uid: number, batchId: number, index: number) =>
    [...BATCH_KEY, uid, 'rcLog', batchId, index] as const,
  report: (uid: number, batchId: number, standard: SanitisationStandard | null) =>
    [...BATCH_KEY, uid, 'report', batchId, standard ?? 'batch'] as const,
};

/**
 * A batch's progress moves with every reading; there is no batch push, so the list asks for what
 * changed this often, and at once after a newData push for one of its stations.
 */
export const BATCH_POLL_MS = 60_000;

/** The account whose batches the pages show: the selected station's owner; undefined without a station. */
export function useBatchAccount(): number | undefined {
  return useSelectedStation().selected?.owner_UID;
}

/**
 * The account's batches, active (ongoing and completed) or archived. The first read is getBatches;
 * every later one asks getChangedBatches since the previous answer's `ts` and merges by batch_id.
 */
export function useBatches(view: BatchView = 'active', enabled = true) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useBatchAccount();
  const key = batchKeys.list(uid ?? 0, view);
  return useQuery({
    queryKey: key,
    enabled: enabled && uid !== undefined,
    refetchInterval: BATCH_POLL_MS,
    queryFn: async (): Promise<BatchList> => {
      const before = queryClient.getQueryData<BatchList>(key);
      if (before) {
        const changed = await api.call(endpoints.batches.getChangedBatches, { UID: uid, since: before.ts });
        return mergeBatches(before, changed, view);
      }
      const first = await api.call(endpoints.batches.getBatches, {
        UID: uid,
        ...(view === 'archived' ? { archived: 'true' as const } : {}),
      });
      return { batches: first.results, ts: first.ts };
    },
  });
}

/**
 * One batch of the selected account: from the active list when it is there, otherwise (archived, or
 * not yet in the list) read by id. `missing` once the server says there is no such batch.
 */
export function useBatch(batchId: number) {
  const api = useApiClient();
  const uid = useBatchAccount();
  const list = useBatches('active');
  const listed = list.data?.batches.find((b) => b.batch_id === batchId);
  const single = useQuery({
    queryKey: batchKeys.one(uid ?? 0, batchId),
    enabled: uid !== undefined && list.isSuccess && !listed,
    queryFn: async (): Promise<Batch | null> =>
      (await api.call(endpoints.batches.getBatches, { UID: uid, batch_id: batchId })).results[0] ?? null,
  });
  const batch = listed ?? single.data ?? undefined;
  return {
    batch,
    missing: !listed && single.data === null,
    error: list.error ?? single.error,
    loading: !batch && (list.isPending || (single.isPending && single.fetchStatus !== 'idle')),
    refetch: () => void (listed ? list.refetch() : single.refetch()),
  };
}

/** How many batches each station has ongoing, completed and archived, and the account's total. */
export function useBatchCounts() {
  const api = useApiClient();
  const uid = useBatchAccount();
  return useQuery({
    queryKey: batchKeys.counts(uid ?? 0),
    enabled: uid !== undefined,
    refetchInterval: BATCH_POLL_MS,
    queryFn: () => api.call(endpoints.batches.getBatchCounts, { UID: uid }),
  });
}

/**
 * Spec doc 1 §4 "Live updates": a newData push refetches the readings of the stations it names (the
 * realtime bridge invalidates their `data` queries). A successful read of one of these stations'
 * readings means new data may have moved a batch: ask what changed.
 */
export function useRefetchOnNewData(stationIds: readonly string[], uid: number | undefined) {
  const queryClient = useQueryClient();
  const ids = stationIds.join(' ');
  useEffect(() => {
    if (uid === undefined || ids === '') return;
    const watched = ids.split(' ');
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const key = event.query.queryKey as readonly unknown[];
      const [kind, bsId] = [key[0], key[1]];
      if (kind === 'data' && typeof bsId === 'string' && watched.includes(bsId))
        void queryClient.invalidateQueries({ queryKey: batchKeys.list(uid, 'active') });
    });
  }, [queryClient, ids, uid]);
}

/** Puts answered batches into every cache that shows them, without moving the lists' `since`. */
function storeBatches(queryClient: QueryClient, uid: number, batches: readonly Batch[]) {
  for (const view of ['active', 'archived'] as const)
    queryClient.setQueryData<BatchList>(batchKeys.list(uid, view), (list) =>
      list ? mergeBatches(list, { results: batches, ts: list.ts }, view) : list,
    );
  for (const b of batches) queryClient.setQueryData(batchKeys.one(uid, b.batch_id), b);
  // Counts, phases and reports follow from the batches: read again when shown.
  void queryClient.invalidateQueries({ queryKey: batchKeys.counts(uid) });
  for (const b of batches) {
    void queryClient.invalidateQueries({ queryKey: [...BATCH_KEY, uid, 'report', b.batch_id] });
    void queryClient.invalidateQueries({ queryKey: batchKeys.phases(uid, b.batch_id) });
  }
}

export type BatchInput = SaveBatchRequest['batch'];

/** Creates (no batch_id) or changes a batch of the selected account; answers the saved batch. */
export function useSaveBatch() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useBatchAccount();
  return useMutation({
    mutationFn: async (batch: BatchInput): Promise<Batch> =>
      (await api.call(endpoints.batches.saveBatch, { UID: uid, batch })).result,
    onSuccess: (saved) => storeBatches(queryClient, uid ?? 0, [saved]),
  });
}

/** Archives (or restores) completed batches. */
export function useArchiveBatches() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useBatchAccount();
  return useMutation({
    mutationFn: async (v: { batchIds: number[]; archive: boolean }) =>
      (
        await api.call(endpoints.batches.archiveBatches, {
          UID: uid,
          batch_ids: v.batchIds,
          archive: v.archive,
        })
      ).results,
    onSuccess: (batches) => storeBatches(queryClient, uid ?? 0, batches),
  });
}

/** Records a turning of a batch's pile (now, or at `ts`). */
export function useAddTurning(batchId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useBatchAccount();
  return useMutation({
    mutationFn: async (v: { ts?: number; note?: string }) =>
      (await api.call(endpoints.batches.addBatchTurning, { UID: uid, batch_id: batchId, ...v })).result,
    onSuccess: (saved) => storeBatches(queryClient, uid ?? 0, [saved]),
  });
}

/** Removes a turning recorded by mistake. */
export function useRemoveTurning(batchId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useBatchAccount();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.call(endpoints.batches.removeBatchTurning, { UID: uid, batch_id: batchId, id })).result,
    onSuccess: (saved) => storeBatches(queryClient, uid ?? 0, [saved]),
  });
}

/** A batch's phase plan (batchId) or the account's defaults (null), with the default settings. */
export function useProcessPhases(batchId: number | null, enabled = true) {
  const api = useApiClient();
  const uid = useBatchAccount();
  return useQuery({
    queryKey: batchKeys.phases(uid ?? 0, batchId),
    enabled: enabled && uid !== undefined,
    queryFn: () =>
      api.call(endpoints.batches.getProcessPhases, {
        UID: uid,
        ...(batchId !== null ? { batch_id: batchId } : {}),
      }),
  });
}

/** Saves a batch's phase plan, or (no batch_id) the account's default phases and batch settings. */
export function useSaveProcessPhases() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useBatchAccount();
  return useMutation({
    mutationFn: (req: Omit<SaveProcessPhasesRequest, 'UID'>) =>
      api.call(endpoints.batches.saveProcessPhases, { UID: uid, ...req }),
    onSuccess: (answer, req) => {
      queryClient.setQueryData(batchKeys.phases(uid ?? 0, req.batch_id ?? null), answer);
      // A batch's targets move its progress, which the server computes: read the batch again.
      if (req.batch_id !== undefined) {
        void queryClient.invalidateQueries({ queryKey: batchKeys.account(uid ?? 0) });
      }
    },
  });
}

/** The RC unit events of one phase of a batch, newest first (spec doc 3 §4, at most 100). */
export function usePhaseRcLog(batchId: number, index: number, enabled: boolean) {
  const api = useApiClient();
  const uid = useBatchAccount();
  return useQuery({
    queryKey: batchKeys.rcLog(uid ?? 0, batchId, index),
    enabled: enabled && uid !== undefined,
    queryFn: async () =>
      (await api.call(endpoints.batches.getPhaseRClog, { UID: uid, batch_id: batchId, index })).results,
  });
}

/** The sanitisation report of a batch by a standard (null: the batch's own). */
export function useSanitisationReport(batchId: number, standard: SanitisationStandard | null) {
  const api = useApiClient();
  const uid = useBatchAccount();
  return useQuery({
    queryKey: batchKeys.report(uid ?? 0, batchId, standard),
    enabled: uid !== undefined,
    queryFn: async () =>
      (
        await api.call(endpoints.batches.getSanitisationReport, {
          UID: uid,
          batch_id: batchId,
          ...(standard ? { standard } : {}),
        })
      ).result,
  });
}

/** The phases of a batch as saveBatch takes them: its plan and its dates. */
export function phaseInputsOf(batch: Batch): BatchPhaseInput[] {
  return batch.batch_phases.map((p) => ({
    phase_name: p.phase_name,
    targetTemp: p.targetTemp,
    targetHours: p.targetHours,
    phase_start_date: p.phase_start_date,
    phase_completed_date: p.phase_completed_date,
  }));
}

export interface ReportPdfRequest {
  uid: number | undefined;
  batchId: number;
  standard: SanitisationStandard;
  lang: string;
  unit: 'C' | 'F';
  /** The browser's zone: the PDF's times are on it only when the batch's station has none (decision 0079). */
  tz: string | null;
}

/** The file name the server gave the PDF (Content-Disposition), else one made from the batch id. */
function fileNameOf(res: Response, batchId: number): string {
  const header = res.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : `batch-${batchId}-sanitisation.pdf`;
}

/**
 * The sanitisation report as a PDF (GET /client/batchReportPdf). It is not a JSON call of the
 * catalogue, so it is fetched here with the session's bearer token and handed over as a blob.
 */
export async function fetchReportPdf(
  api: ApiClient,
  req: ReportPdfRequest,
): Promise<{ blob: Blob; fileName: string }> {
  const token = await api.freshToken();
  if (!token) throw new Error('Not logged in');
  const params = new URLSearchParams({
    batch_id: String(req.batchId),
    standard: req.standard,
    lang: req.lang,
    unit: req.unit,
  });
  if (req.uid !== undefined) params.set('UID', String(req.uid));
  if (req.tz) params.set('tz', req.tz);
  const res = await globalThis.fetch(`${BATCH_REPORT_PDF_PATH}?${params.toString()}`, {
    headers: { Authorization: `Bearer ${token}` },
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return { blob: await res.blob(), fileName: fileNameOf(res, req.batchId) };
}
