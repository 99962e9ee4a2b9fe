import { DEMO_PASSWORD } from './demoAccounts.js';

/** What the seed needs of the server: Fastify's inject (the routes, with their checks and services). */
export interface Injector {
  inject(opts: {
    method: 'GET' | 'POST';
    url: string;
    headers?: Record<string, string>;
    payload?: object;
  }): Promise<{ statusCode: number; body: string; json<T = unknown>(): T }>;
}

const COMPOST = 'compost@demo.emberwatch';
const DAY_S = 86_400;

interface DemoBatch {
  bsId: string;
  name: string;
  /** Windrow n's north and south probes. */
  probes: string[];
  /** When its sanitisation phase began, days before the seed. */
  startedDaysAgo: number;
  /** The windrow blowers' controller and channels that aerate it (their batchRef). */
  blowers: { fcId: string; channels: number[] };
}

/**
 * Running batches of the demo compost works (issue 13 item 5): two windrows of green waste in their
 * third week and two of food waste in their first, each in its sanitisation phase (55 °C for 72 h,
 * then curing). The windrows' lances sanitise at every depth between turns (apps/simulator
 * compostModel), so the batch's sanitisation report has something to prove from the history the
 * simulator backfills; the blowers' channels of those windrows name their batch.
 */
export const DEMO_BATCHES: readonly DemoBatch[] = [
  {
    bsId: 'F3000001',
    name: 'Green waste, windrows 1–2',
    probes: ['C30001', 'C30002', 'C30003', 'C30004'],
    startedDaysAgo: 16,
    blowers: { fcId: 'RC12-WINDROWS-1', channels: [1, 2] },
  },
  {
    bsId: 'F3000002',
    name: 'Food waste, windrows 8–9',
    probes: ['C30101', 'C30102', 'C30103', 'C30104'],
    startedDaysAgo: 4,
    blowers: { fcId: 'RC12-WINDROWS-2', channels: [1, 2] },
  },
];

/**
 * Saves the demo batches through the batches feature's own call (POST /client/saveBatch, its
 * service and checks), as the compost owner, once: an account with any batch — ongoing or completed —
 * is left alone, so a second start changes nothing and a user's batches are never touched. Runs
 * after the server is built (the composition root calls it beside seedDemo); what the calls refuse is
 * answered (the start goes on without it) and the account's state is never forced.
 */
export async function seedDemoBatches(
  app: Injector,
  nowS: number,
): Promise<{ created: number; refused: string[] }> {
  const refused: string[] = [];
  const login = await app.inject({
    method: 'POST',
    url: '/admin/login',
    payload: { username: COMPOST, password: DEMO_PASSWORD },
  });
  // No compost demo account (or its password changed): nothing to seed.
  if (login.statusCode !== 200) return { created: 0, refused };
  const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
  for (const status of [1, 2]) {
    const listed = await app.inject({ method: 'GET', url: `/client/getBatches?status=${status}`, headers });
    if (listed.statusCode !== 200) {
      refused.push(`demo batches: getBatches answered ${listed.statusCode}`);
      return { created: 0, refused };
    }
    if (listed.json<{ results: unknown[] }>().results.length > 0) return { created: 0, refused };
  }
  let created = 0;
  for (const b of DEMO_BATCHES) {
    const saved = await app.inject({
      method: 'POST',
      url: '/client/saveBatch',
      headers,
      payload: {
        batch: {
          BS_ID: b.bsId,
          batch_name: b.name,
          status: 1,
          probes: b.probes,
          phases: [
            {
              phase_name: 'Sanitisation',
              targetTemp: 550,
              targetHours: 72,
              phase_start_date: nowS - b.startedDaysAgo * DAY_S,
              phase_completed_date: null,
            },
            {
              phase_name: 'Curing',
              targetTemp: null,
              targetHours: 720,
              phase_start_date: null,
              phase_completed_date: null,
            },
          ],
        },
      },
    });
    // A refusal (the user moved the windrow's probes, say) leaves that batch out; the start goes on.
    if (saved.statusCode !== 200) {
      refused.push(`demo batch ${b.name} refused: ${saved.body}`);
      continue;
    }
    const batchId = saved.json<{ result: { batch_id: number } }>().result.batch_id;
    created++;
    for (const channel of b.blowers.channels) {
      const item = await app.inject({ method: 'GET', url: `/fc/getFcItem?id=${b.blowers.fcId}`, headers });
      if (item.statusCode !== 200) continue; // the blowers were not seeded (their seed is separate)
      const ch = item
        .json<{ results: { channel: number; name: string | null; monitorRef: number | null }[] }>()
        .results.find((c) => c.channel === channel);
      if (!ch) continue;
      const assigned = await app.inject({
        method: 'POST',
        url: '/fc/setFcAssignment',
        headers,
        payload: {
          fc_id: b.blowers.fcId,
          channel,
          isManual: false,
          manualCommand: 0,
          name: ch.name ?? '',
          verbose: false,
          batchRef: batchId,
          monitorRef: ch.monitorRef,
        },
      });
      if (assigned.statusCode !== 200)
        refused.push(`demo blower ${b.blowers.fcId}:${channel} not given its batch: ${assigned.body}`);
    }
  }
  return { created, refused };
}
