import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccessLogEntry,
  AccessLogsResponse,
  BsRegistration,
  ProbeRegistration,
  ServerLogsResponse,
  SysOpListResponse,
  TestStation,
} from '@emberwatch/shared/contracts/diagnostics';
import { DiagnosticsRepository } from '../src/features/diagnostics/diagnostics.repository.js';
import { diagnosticsDb } from '../src/features/diagnostics/diagnostics.tables.js';
import { survivingRows } from '../src/features/diagnostics/rotation.js';
import { loggerOptions } from '../src/http/loggerOptions.js';
import type { DiagnosticsSink } from '../src/kernel/DiagnosticsSink.js';
import { bearer, createTestApp, TEST_ENGINE, type TestApp } from './support/testApp.js';
import { asStaffLevel } from './support/staffLevel.js';
import { clockedCallers } from './support/clockedCallers.js';

/**
 * Issue 30 item 7 (decision 0095): the servers' own log, the access log, the jobs, the Gari system's
 * calls, the stations' factory tests and the registered ids, read by the operator console.
 */
const START = Math.floor(Date.now() / 1000) - 3600;
const HOUR = 3600;

describe(`the diagnostics on ${TEST_ENGINE}`, { timeout: 60_000 }, () => {
  let t: TestApp;
  let now = START;
  let sink: DiagnosticsSink;

  beforeAll(async () => {
    t = await createTestApp({ nowS: () => now });
    sink = t.features.find((f) => f.name === 'diagnostics')!.diagnostics!;
  });
  afterAll(async () => {
    await t.close();
  });

  // Tokens last 15 minutes on the server's clock, which the tests move: a new login after each move.
  const { get, tokenOf } = clockedCallers(
    () => t,
    () => now,
  );
  async function ok<T>(url: string, who = 'admin'): Promise<T> {
    const res = await get(url, who);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  }
  /** A line as pino writes it (tests run without a logger: the lines are handed to the sink). */
  const line = (msg: string, extra: object = {}, level = 30, ms = now * 1000) =>
    `${JSON.stringify({ level, time: ms, pid: 1, hostname: 'h', ...extra, msg })}\n`;

  it('keeps the server’s log lines: AuxData lines removed and counted unless showAux, by level and time', async () => {
    now = START;
    sink.logLine(line('AuxData diagnostics rotated'));
    sink.logLine(line('incoming request', { reqId: 'req-1' }));
    sink.logLine(line('  AuxData indented still counts'));
    sink.logLine(line('job failed', { job: 'x' }, 50));
    sink.logLine(line('routine detail', {}, 20));
    sink.logLine('not json at all\n');
    const range = `timeFilter=${START - 10},${START + 10}`;
    const seen = await ok<ServerLogsResponse>(`/admin/logs?${range}`);
    expect(seen.results.map((l) => l.msg)).toEqual(['not json at all', 'job failed', 'incoming request']);
    expect(seen.nAux).toBe(2);
    expect(seen.servers.filter((s) => s.current)).toHaveLength(1);
    expect(seen.results[0]!.env).toBe('test');
    const all = await ok<ServerLogsResponse>(`/admin/logs?${range}&showAux=1&level=debug`);
    expect(all.nAux).toBe(0);
    expect(all.results).toHaveLength(6);
    const errors = await ok<ServerLogsResponse>(
      `/admin/logs?timeFilter=${START - 10}&timeFilter=${START + 10}&level=error`,
    );
    expect(errors.results.map((l) => l.msg)).toEqual(['job failed']);
    const other = await ok<ServerLogsResponse>(`/admin/logs?${range}&server=elsewhere:1`);
    expect(other.results).toEqual([]);
    const prod = await ok<ServerLogsResponse>(`/admin/logs?${range}&env=production`);
    expect(prod.results).toEqual([]);
    const before = await ok<ServerLogsResponse>(`/admin/logs?timeFilter=${START - 100},${START - 50}`);
    expect(before.results).toEqual([]);
    for (const bad of ['timeFilter=5,1', 'timeFilter=x,y', 'env=staging', 'showAux=maybe', 'level=loud'])
      expect((await get(`/admin/logs?${bad}`)).statusCode, bad).toBe(400);
  });

  it('stores the line as the server’s logger wrote it: no token, cookie or query string reaches the store', async () => {
    // The server's own logger options (as createServer uses them), writing to the sink.
    const { default: pino } = await import('pino');
    const lines: string[] = [];
    const options = loggerOptions('info', { write: (l: string) => lines.push(l) });
    // Fastify hands pino its options and their stream, as here.
    const logger = pino(options, options.stream);
    const req = {
      method: 'GET',
      url: '/delivery/ack?t=SECRET-ACK',
      host: 'x',
      ip: '127.0.0.1',
      headers: { authorization: 'Bearer SECRET-TOKEN', cookie: 'rt=SECRET' },
    };
    logger.info({ req }, 'incoming request');
    logger.info({ res: { statusCode: 200, headers: { 'set-cookie': 'rt=SECRET-COOKIE' } } }, 'answered');
    for (const l of lines) sink.logLine(l);
    const res = await get(`/admin/logs?timeFilter=${START - 10},${Math.floor(Date.now() / 1000) + 10}`);
    expect(res.body).toContain('/delivery/ack');
    expect(res.body).toContain('[Redacted]');
    expect(res.body).not.toContain('SECRET');
  });

  it('records the answered calls without their query, with user, status and duration; not the stations’ packets', async () => {
    now = START + HOUR;
    const hay = (await t.findUser('hay@demo.emberwatch'))!;
    expect((await get('/client/getSessionInfo?UID=12345&token=SECRET', 'hay')).statusCode).toBeLessThan(500);
    const packet = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/packets',
      headers: {
        authorization: `Station F1000001:${t.secretOf('F1000001')}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ type: 'conf' }),
    });
    expect(packet.statusCode).toBe(200);
    const log = await ok<AccessLogsResponse>(`/admin/accesslogs?startTS=${now - 5}&endTS=${now + 5}`);
    const mine = log.results.find((e) => e.path === '/client/getSessionInfo')!;
    expect(mine).toMatchObject({ method: 'GET', user_id: hay.id, username: hay.username, family: null });
    expect(mine.status).toBeGreaterThanOrEqual(200);
    expect(mine.duration_ms).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(log)).not.toContain('SECRET');
    expect(log.results.some((e) => e.path.startsWith('/ingest/'))).toBe(false);
    // Filters: path, user, method, status class, address.
    const byUser = await ok<AccessLogsResponse>(
      `/admin/accesslogs?startTS=${now - 5}&endTS=${now + 5}&user=${hay.id}`,
    );
    expect(byUser.results.every((e) => e.user_id === hay.id)).toBe(true);
    expect(byUser.results.length).toBeGreaterThan(0);
    const byPath = await ok<AccessLogsResponse>(
      `/admin/accesslogs?startTS=${now - 5}&endTS=${now + 5}&path=getSessionInfo`,
    );
    expect(byPath.results.map((e) => e.path)).toEqual(['/client/getSessionInfo']);
    const posts = await ok<AccessLogsResponse>(
      `/admin/accesslogs?startTS=${now - 5}&endTS=${now + 5}&method=POST`,
    );
    expect(posts.results.every((e) => e.method === 'POST')).toBe(true);
    const cls = `${String(mine.status)[0]}xx`;
    const byStatus = await ok<AccessLogsResponse>(
      `/admin/accesslogs?startTS=${now - 5}&endTS=${now + 5}&status=${cls}`,
    );
    expect(byStatus.results.some((e) => e.id === mine.id)).toBe(true);
    const none = await ok<AccessLogsResponse>(
      `/admin/accesslogs?startTS=${now - 5}&endTS=${now + 5}&ip=203.0.113.`,
    );
    expect(none.results).toEqual([]);
    const wildcard = await ok<AccessLogsResponse>(
      `/admin/accesslogs?startTS=${now - 5}&endTS=${now + 5}&path=%25`,
    );
    expect(wildcard.results).toEqual([]);
    expect((await get('/admin/accesslogs?status=99')).statusCode).toBe(400);
  });

  it('lists the Gari system’s calls: those of Gari users only', async () => {
    now = START + 2 * HOUR;
    const grain = (await t.findUser('grain@demo.emberwatch'))!;
    await t.store.db.updateTable('users').set({ partner_app: 'gari' }).where('id', '=', grain.id).execute();
    try {
      await get('/client/getSessionInfo', 'grain');
      await get('/client/getSessionInfo', 'hay');
      const gari = await ok<{ results: AccessLogEntry[] }>(
        `/admin/getGariCallLog?startTS=${now - 5}&endTS=${now + 5}`,
      );
      expect(gari.results.length).toBeGreaterThan(0);
      expect(gari.results.every((e) => e.family === 'gari' && e.user_id === grain.id)).toBe(true);
    } finally {
      await t.store.db.updateTable('users').set({ partner_app: null }).where('id', '=', grain.id).execute();
    }
  });

  it('lists the jobs with their last run, result and failures', async () => {
    const list = await ok<SysOpListResponse>('/admin/getSysOpList');
    expect(list.scheduled).toBe(false);
    const names = list.results.map((j) => j.name);
    expect(names).toContain('diagnostics.rotate');
    expect(names).toContain('stationLogs.rotate');
    const job = t.jobs.find((j) => j.name === 'diagnostics.rotate')!;
    await job.run();
    const after = (await ok<SysOpListResponse>('/admin/getSysOpList')).results.find(
      (j) => j.name === 'diagnostics.rotate',
    )!;
    expect(after).toMatchObject({ runs: 1, failures: 0, last_result: 'ok', running: false, next_ms: null });
    expect(after.last_duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('keeps the factory test of a station registered but not activated: its calls and each probe’s latest reading', async () => {
    now = START + 3 * HOUR;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/admin/registerMultipleBSs',
      payload: { bs_ids: ['F1990001'] },
      headers: bearer(await tokenOf('admin')),
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const { secret } = reg.json<{ results: { secret: string }[] }>().results[0]!;
    // The list of open kits is read again before a read; the first packet may come before: read once.
    await ok('/admin/getTestDataAll');
    const send = (readings: object[]) =>
      t.app.inject({
        method: 'POST',
        url: '/ingest/v1/packets',
        headers: { authorization: `Station F1990001:${secret}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ type: 'data', readings }),
      });
    expect(
      (await send([{ sensor_id: 'H7001', meas_ts: now - 120, temperatures: [200, 215] }])).statusCode,
    ).toBe(401);
    expect(
      (
        await send([
          {
            sensor_id: 'H7001',
            meas_ts: now - 60,
            temperatures: [221, 230],
            sensor_RSSI: -70,
            batt_voltage: 360,
          },
          { sensor_id: 'H7002', meas_ts: now - 60, temperatures: [190] },
        ])
      ).statusCode,
    ).toBe(401);
    const data = await ok<{ results: TestStation[] }>('/admin/getTestDataAll?hours=1');
    const st = data.results.find((s) => s.bs_id === 'F1990001')!;
    expect(st).toMatchObject({ calls: 2, data_calls: 2, readings: 3, last_kind: 'data', last_status: 401 });
    expect(st.probes).toEqual([
      {
        sensor_id: 'H7001',
        meas_ts: now - 60,
        temperature: 230,
        sensor_rssi: -70,
        batt: 360,
        received_ts: now,
      },
      {
        sensor_id: 'H7002',
        meas_ts: now - 60,
        temperature: 190,
        sensor_rssi: null,
        batt: null,
        received_ts: now,
      },
    ]);
    // An activated station's calls are its customer's, not a test: not listed.
    expect(data.results.some((s) => s.bs_id === 'F1000001')).toBe(false);
  });

  it('lists the registered station and probe-set ids with their activation, filterable', async () => {
    const all = await ok<{ results: BsRegistration[] }>('/admin/getBSRegistrations');
    expect(all.results.map((r) => r.bs_id)).toEqual(
      expect.arrayContaining(['F1900001', 'F1900003', 'F1990001']),
    );
    expect(all.results.find((r) => r.bs_id === 'F1900003')).toMatchObject({
      partner_app: 'gari',
      activated_ts: null,
    });
    const one = await ok<{ results: BsRegistration[] }>('/admin/getBSRegistrations?q=1900002');
    expect(one.results.map((r) => r.bs_id)).toEqual(['F1900002']);
    const hay = (await t.findUser('hay@demo.emberwatch'))!;
    const kits = await ok<{ results: { id: number; set_id: string | null }[] }>('/admin/getKit');
    const set = kits.results.find((k) => k.set_id === 'HS-9001')!;
    const act = await t.app.inject({
      method: 'POST',
      url: '/admin/activateKitAdmin',
      payload: { kit_id: set.id, UID: hay.id },
      headers: bearer(await tokenOf('admin')),
    });
    expect(act.statusCode, act.body).toBe(200);
    const activated = await ok<{ results: ProbeRegistration[] }>(
      '/admin/getProbeRegistrations?state=activated',
    );
    expect(activated.results.map((r) => r.set_id)).toEqual(['HS-9001']);
    expect(activated.results[0]).toMatchObject({
      owner: { UID: hay.id, username: hay.username },
      probes: ['H90001', 'H90002', 'H90003', 'H90004'],
    });
    expect(activated.results[0]!.bs_id).not.toBeNull();
    const open = await ok<{ results: ProbeRegistration[] }>('/admin/getProbeRegistrations?state=open');
    expect(open.results.map((r) => r.set_id).sort()).toEqual(['GS-9001', 'HS-9002']);
    const byProbe = await ok<{ results: ProbeRegistration[] }>('/admin/getProbeRegistrations?q=G90003');
    expect(byProbe.results.map((r) => r.set_id)).toEqual(['GS-9001']);
    expect((await get('/admin/getProbeRegistrations?state=lost')).statusCode).toBe(400);
  });

  const TECH_CALLS = ['/admin/logs', '/admin/accesslogs', '/admin/getSysOpList', '/admin/getGariCallLog'];
  const EVERY_LEVEL = ['/admin/getTestDataAll', '/admin/getBSRegistrations', '/admin/getProbeRegistrations'];

  it('refuses every call to customers and masters (403)', async () => {
    for (const who of ['hay', 'master'])
      for (const url of [...TECH_CALLS, ...EVERY_LEVEL])
        expect((await get(url, who)).statusCode, `${who} ${url}`).toBe(403);
  });

  it.each([
    ['Root', 0, true],
    ['Admin', 1, true],
    ['Tech', 2, true],
    ['Sales', 3, false],
  ])(
    'as %s staff reads the registrations and test data, and the server logs: %s',
    async (_l, group, logs) => {
      await asStaffLevel(t, group, async () => {
        for (const url of EVERY_LEVEL) expect((await get(url)).statusCode, url).toBe(200);
        for (const url of TECH_CALLS) expect((await get(url)).statusCode, url).toBe(logs ? 200 : 403);
      });
    },
  );

  it('rotates both logs by the rule: the SQL keeps what the pure rule keeps', async () => {
    const db = diagnosticsDb(t.store.db);
    const repo = new DiagnosticsRepository(t.store.db);
    // The earlier tests' requests are in the access log's memory until its next write (once a second):
    // written after the tables are emptied, they would count in the rule's totals (seen under load).
    const diagnostics = t.features.find((f) => f.name === 'diagnostics') as unknown as {
      exports: { flushLogs(): Promise<void> };
    };
    await diagnostics.exports.flushLogs();
    await db.deleteFrom('access_logs').execute();
    const T = START + 100 * HOUR;
    const rows = [
      ['A', T - 8 * 86_400],
      ['A', T - 50],
      ['A', T - 40],
      ['A', T - 40],
      ['A', T - 30],
      ['B', T - 45],
      ['C', T - 10],
      ['D', T - 5],
      ['E', T - 7 * 86_400],
    ] as const;
    const limits = { maxAgeS: 7 * 86_400, perKey: 3, total: 5 };
    await repo.insertAccessLogs(
      rows.map(([ip, ts]) => ({
        ts,
        server: 's',
        method: 'GET',
        path: '/x',
        route: null,
        status: 200,
        duration_us: 1,
        user_id: null,
        family: null,
        ip,
      })),
    );
    const before = await db.selectFrom('access_logs').select(['id', 'ip', 'ts']).execute();
    const expected = survivingRows(
      before.map((r) => ({ id: Number(r.id), key: r.ip, ts: Number(r.ts) })),
      T,
      limits,
    );
    expect(expected).toHaveLength(5);
    expect(await repo.prune('access_logs', T, limits)).toBe(rows.length - 5);
    const after = await db.selectFrom('access_logs').select('id').execute();
    expect(after.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      expected.map((r) => r.id).sort((a, b) => a - b),
    );

    await db.deleteFrom('server_logs').execute();
    await repo.insertServerLogs(
      rows.map(([server, ts]) => ({ ts, ms: 0, server, env: 'test', level: 30, msg: 'm', line: '{}' })),
    );
    const lines = await db.selectFrom('server_logs').select(['id', 'server', 'ts']).execute();
    const keep = survivingRows(
      lines.map((r) => ({ id: Number(r.id), key: r.server, ts: Number(r.ts) })),
      T,
      limits,
    );
    await repo.prune('server_logs', T, limits);
    const left = await db.selectFrom('server_logs').select('id').execute();
    expect(left.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      keep.map((r) => r.id).sort((a, b) => a - b),
    );
  });

  it('rotates by its own job: a log line over a week old goes, with an AuxData line about it', async () => {
    const db = diagnosticsDb(t.store.db);
    await db.deleteFrom('server_logs').execute();
    now = START + 300 * HOUR;
    sink.logLine(line('old', {}, 30, (now - 7 * 86_400 - 1) * 1000));
    sink.logLine(line('recent', {}, 30, (now - 60) * 1000));
    const range = `timeFilter=${now - 8 * 86_400},${now}`;
    expect((await ok<ServerLogsResponse>(`/admin/logs?${range}`)).results.map((l) => l.msg)).toEqual([
      'recent',
      'old',
    ]);
    await t.jobs.find((j) => j.name === 'diagnostics.rotate')!.run();
    expect((await ok<ServerLogsResponse>(`/admin/logs?${range}`)).results.map((l) => l.msg)).toEqual([
      'recent',
    ]);
  });
});
