import type { TestApp } from './testApp.js';
import { bearer } from './testApp.js';

export interface TestReading {
  sensor_id: string;
  meas_ts: number;
  temperatures: number[];
  sensor_RSSI?: number | null;
  bs_RSSI?: number | null;
  batt_voltage?: number | null;
}

/** Sends readings through the real ingest route, in packets of at most 1000. */
export async function ingest(t: TestApp, bsId: string, readings: TestReading[], extra: object = {}) {
  for (let i = 0; i < Math.max(1, readings.length); i += 1000) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: { authorization: `Station ${bsId}:${t.secretOf(bsId)}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'data', readings: readings.slice(i, i + 1000), ...extra }),
    });
    if (res.statusCode !== 200) throw new Error(`ingest failed: ${res.body}`);
  }
  // Many readings at once count as load, and their roll-ups may trail by up to a second (decision
  // 0062); a test reads them right away, as a client would once told of new data.
  await t.ingest.settleRollups();
}

export function api(t: TestApp, tokens: Record<string, string>) {
  return {
    get: (who: string, url: string) =>
      t.app.inject({ method: 'GET', url, headers: bearer(tokens[who] as string) }),
    post: (who: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(tokens[who] as string), payload }),
  };
}
