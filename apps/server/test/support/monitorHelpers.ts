import { expect } from 'vitest';
import type { MonitorInput, SaveMonitorResponse } from '@emberwatch/shared/contracts/monitors';
import type { GetStoragesResponse } from '@emberwatch/shared/contracts/storages';
import type { MonitorEvaluator } from '../../src/features/monitors/index.js';
import type { api } from './probeHelpers.js';
import type { TestApp } from './testApp.js';

/** The app's monitor evaluator (the monitors feature's export). */
export function evaluatorOf(t: Pick<TestApp, 'features'>): MonitorEvaluator {
  return (t.features.find((f) => f.name === 'monitors')!.exports as { evaluator: MonitorEvaluator })
    .evaluator;
}

/**
 * Saves a monitor as the hay farmer and puts it on the hay storage at `bsId`; the monitor's itemID,
 * the storage's and its probes in id order.
 */
export async function monitorOnHayStorage(
  t: TestApp,
  call: ReturnType<typeof api>,
  monitor: Pick<MonitorInput, 'name' | 'rules'>,
  bsId = 'F1000001',
): Promise<{ monitorId: number; storageId: number; probes: string[] }> {
  const res = await call.post('hay', '/client/saveMonitor', {
    item: { ...monitor, defaultMonitor: false, compost: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  const monitorId = res.json<SaveMonitorResponse>().item.itemID;
  const storages = (await call.get('hay', '/client/getStorages')).json<GetStoragesResponse>().results;
  const {
    UID: _u,
    undefinedLayoutType: _l,
    updated_ts: _t,
    ...item
  } = storages.find((s) => s.BS_ID === bsId)!;
  const saved = await call.post('hay', '/client/saveStorage', { item: { ...item, monitor: monitorId } });
  expect(saved.statusCode, saved.body).toBe(200);
  const probes = await t.store.db
    .selectFrom('storage_probes')
    .select('sensor_id')
    .where('storage_id', '=', item.itemID)
    .orderBy('sensor_id')
    .execute();
  return { monitorId, storageId: item.itemID, probes: probes.map((p) => p.sensor_id) };
}
