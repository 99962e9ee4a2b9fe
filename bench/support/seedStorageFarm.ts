import { ingestReadings, stationId } from './benchServer.js';

/**
 * A farm of storages for the storage benchmarks: one account's station with 49 rows storages of 5
 * probes and a bale-stack storage of five 5 × 10 stacks holding 200 hay probes, and a day of hourly
 * readings for all 445 probes, seeded through the API as a user would.
 */
export const STORAGES = 50;
export const STACK_PROBES = 200;
const ROWS_PROBES = 5;

const hayProbe = (i: number) => `H${String(900_000 + i)}`;
const grainProbe = (i: number) => `G${String(700_000 + i)}`;

/** Five stacks of 5 × 10 bales, four high, 40 probes on each stack's bottom layer. */
function bigStack(name: string) {
  const stacks = Array.from({ length: 5 }, (_, index) => {
    const piles = [];
    for (let r = 0; r < 5; r++) for (let c = 0; c < 10; c++) piles.push({ r, c, h: 4 });
    const sensors = Array.from({ length: STACK_PROBES / 5 }, (_, k) => ({
      id: hayProbe(index * (STACK_PROBES / 5) + k),
      row: Math.floor(k / 10),
      column: k % 10,
      floor: k % 4,
    }));
    return { index, nRows: 5, nColumns: 10, color: '#c8a165', sensors, piles };
  });
  return { ...storageBase(name), layoutType: 3, sensor_layout: null, stacks };
}

function rowsStorage(name: string, first: number) {
  const sensors = Array.from({ length: ROWS_PROBES }, (_, k) => ({
    id: grainProbe(first + k),
    row: 0,
    column: k,
    floor: 0,
  }));
  return {
    ...storageBase(name),
    layoutType: 1,
    sensor_layout: { rows: [{ index: 0, rowLength: ROWS_PROBES }], floors: 1, sensors },
    stacks: [],
  };
}

function storageBase(name: string) {
  return {
    name,
    type: 'Round bales',
    capacity: 500,
    BS_ID: stationId(0),
    monitor: null,
    layout_prefs: null,
    alertMessaging: null,
    qualityPeriod: null,
  };
}

async function post(port: number, token: string, path: string, body: object): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

/** Seeds the farm on the bench account's first station (the server at `port`, the user's token). */
export async function seedStorageFarm(port: number, token: string): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const ids = [
    ...Array.from({ length: STACK_PROBES }, (_, i) => hayProbe(i)),
    ...Array.from({ length: (STORAGES - 1) * ROWS_PROBES }, (_, i) => grainProbe(i)),
  ];
  const readings: object[] = [];
  for (let h = 24; h >= 1; h--)
    for (const [p, id] of ids.entries()) {
      const base = 150 + ((p * 37) % 400);
      readings.push({ sensor_id: id, meas_ts: now - h * 3600, temperatures: [base, base + 10, base + 20] });
    }
  await ingestReadings(port, 0, readings);
  await post(port, token, '/client/saveStorage', { item: bigStack('Big stack') });
  for (let s = 0; s < STORAGES - 1; s++)
    await post(port, token, '/client/saveStorage', {
      item: rowsStorage(`Bin ${String(s + 1).padStart(2, '0')}`, s * ROWS_PROBES),
    });
}
