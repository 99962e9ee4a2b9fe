import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';

const run = promisify(execFile);

/**
 * docs/public-api.md's curl examples, each run as written against a live server on a free port (the
 * hay farm's key, with a running API plan): each answers the status and code its `expect` note says.
 */
const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/public-api.md'), 'utf8');
const examples = [...doc.matchAll(/```sh\n(curl [^\n]+)\n```\s*\n<!-- expect: (\d{3})(?: (\w+))? -->/g)].map(
  (m) => ({ command: m[1]!, status: Number(m[2]), code: m[3] }),
);

describe(`docs/public-api.md against a live server, on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    t = await createTestApp();
    await t.store.db
      .updateTable('users')
      .set({ api_plan_due_ts: Math.floor(Date.now() / 1000) + 30 * 86_400 })
      .where('username', '=', 'hay@demo.emberwatch')
      .execute();
    const token = await t.login('hay@demo.emberwatch');
    const made = await t.app.inject({
      method: 'GET',
      url: '/api/v1/generateKey?name=Docs&scope=activate',
      headers: bearer(token),
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    env = { ...process.env, EMBERWATCH_URL: address, KEY: made.json<{ secret: string }>().secret };
  });
  afterAll(async () => {
    await t.close();
  });

  it('has examples of every call', () => {
    const paths = new Set(examples.map((e) => /\/api\/v\d\/(\w+)/.exec(e.command)?.[1]));
    expect([...paths].sort()).toEqual(
      [
        'activateProbes',
        'activateSystem',
        'deactivateBS',
        'getMeasurements',
        'getOverview',
        'getSummary',
        'reactivateBS',
      ].sort(),
    );
  });

  it.each(examples.map((e) => [e.command, e] as const))('%s', async (_c, e) => {
    // The documented command as it is, with curl's status written after the answer.
    const { stdout } = await run('sh', ['-c', `${e.command} -w '\\n%{http_code}'`], { env });
    const at = stdout.lastIndexOf('\n');
    const body = stdout.slice(0, at);
    expect(Number(stdout.slice(at + 1)), body).toBe(e.status);
    if (body.startsWith('{')) {
      const json = JSON.parse(body) as { status_code: number; code?: string };
      if (e.status === 200) expect(json.status_code).toBe(0);
      else expect(json.code).toBe(e.code);
    } else expect(body.split('\n')[0]).toMatch(/^ts,time,temperature_C/);
  });
});
