import { expect, type APIRequestContext } from '@playwright/test';
import { demoPassword, demoUsers, readDemoStations } from './app.js';

/** A storage as `getStorages` lists it, as far as the alert specs read it. */
export interface ListedStorage {
  itemID: number;
  name: string;
  BS_ID: string;
  monitor: number | null;
  stacks: { sensors: { id: string }[] }[];
}

/** The demo hay farm's north barn: station F1000001's storage watched by "Hay — fire risk". */
const NORTH_BARN_STATION = 'F1000001';

/**
 * The demo hay farmer's API session and the north barn, with its bales in layout order. The alert specs
 * share the barn, each heating bales no other spec acknowledges: monitor-alerts the first without an
 * alert, notifications the first, accessibility-alert-flow the last but one, push-notification the last.
 */
export async function northBarn(request: APIRequestContext): Promise<{
  barn: ListedStorage;
  bales: string[];
  headers: Record<string, string>;
  userId: number;
}> {
  const login = await request.post('/admin/login', {
    data: { username: demoUsers.hay, password: demoPassword },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken, UID } = (await login.json()) as { accessToken: string; UID: number };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const storages = (
    (await (await request.get('/client/getStorages', { headers })).json()) as { results: ListedStorage[] }
  ).results;
  const barn = storages.find((s) => s.BS_ID === NORTH_BARN_STATION && s.monitor !== null);
  if (!barn) throw new Error('the demo north barn has no monitor');
  const bales = barn.stacks.flatMap((s) => s.sensors.map((p) => p.id));
  if (bales.length < 4) throw new Error('the demo north barn has fewer bales than the alert specs share');
  return { barn, bales, headers, userId: UID };
}

/** The north barn's station reports one reading of a bale now (tenths of °C, top to core), as a station does. */
export async function reportBale(
  request: APIRequestContext,
  bale: string,
  temperatures: number[],
): Promise<void> {
  const station = (await readDemoStations()).stations.find((s) => s.bs_id === NORTH_BARN_STATION)!;
  const sent = await request.post('/ingest/v1/packets', {
    headers: { Authorization: `Station ${station.bs_id}:${station.secret}` },
    data: {
      type: 'data',
      readings: [{ sensor_id: bale, meas_ts: Math.floor(Date.now() / 1000), temperatures }],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
}
