import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore } from '../src/db/createDatabase.js';
import { seedDemo, type DemoStationsFile } from '../src/features/demo/seedDemo.js';
import { TEST_ENGINE } from './support/testApp.js';

const serverDir = resolve(import.meta.dirname, '..');

/**
 * The server from source in its own process, on the SQLite store in dataDir, on a port the system gives
 * it (PORT=0), read from its startup line: a port picked beforehand could be taken by the time the server
 * listens (decision 0172). A server that exits first fails the test at once.
 */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_SEED: '0',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((done, fail) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      child.stdout.off('data', read);
      child.stderr.off('data', read);
      child.off('exit', exited);
      // What the server writes later is not read; the pipes are drained so that it never blocks on them.
      child.stdout.resume();
      child.stderr.resume();
      outcome();
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const started = /Emberwatch is running at http:\/\/localhost:(\d+)/.exec(output);
      if (started) settle(() => done(Number(started[1])));
    };
    const exited = (code: number | null, signal: string | null) =>
      settle(() =>
        fail(
          new Error(`the server exited before it listened (${signal ?? `exit code ${code}`}):\n${output}`),
        ),
      );
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(() => fail(new Error(`the server did not start within 30 s:\n${output}`)));
    }, 30_000);
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', exited);
  });
  const health = await fetch(`http://127.0.0.1:${port}/health`);
  if (!health.ok) throw new Error(`the server's /health answered ${health.status}`);
  return { child, port };
}

interface Packet {
  readings: { sensor_id: string; meas_ts: number; temperatures: number[]; batt_voltage: number }[];
}

/**
 * The crash guarantee of the base-station protocol: a packet is answered only after its commit, so a
 * server killed with SIGKILL in the middle of ingesting has every acknowledged reading on disk, its
 * roll-ups agree with its readings once a server starts on the store again (a roll-up the killed one
 * still owed is rebuilt from the readings), and the station's retries store each reading once.
 * The store is the server's own SQLite file (with PostgreSQL the commit's durability is PostgreSQL's).
 */
describe.runIf(TEST_ENGINE === 'sqlite')('ingest killed with SIGKILL on SQLite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'emberwatch-crash-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged reading and stores each retried reading once', async () => {
    const store = openStore({ sqlitePath: join(dataDir, 'emberwatch.db') });
    await migrateToLatest(store);
    const seeded = await seedDemo(store, dataDir, 'http://127.0.0.1:0', Math.floor(Date.now() / 1000));
    await store.close();
    const station = (JSON.parse(readFileSync(seeded.file, 'utf8')) as DemoStationsFile).stations[0];
    if (!station) throw new Error('no demo station');
    const auth = `Station ${station.bs_id}:${station.secret}`;

    // Packets of 50 readings of 20 new probes, with times no packet shares.
    const start = Math.floor(Date.now() / 1000 / 86_400) * 86_400 - 3 * 86_400;
    const packets: Packet[] = Array.from({ length: 400 }, (_, p) => ({
      readings: Array.from({ length: 50 }, (_, k) => ({
        sensor_id: `H9${String(k % 20).padStart(4, '0')}`,
        meas_ts: start + p * 50 + k,
        temperatures: [(p * 31 + k) % 700, (p * 17 + k) % 500],
        batt_voltage: 300 + (k % 50),
      })),
    }));
    const send = async (port: number, packet: Packet) => {
      const res = await fetch(`http://127.0.0.1:${port}/ingest/v1/packets`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'data', ...packet }),
      });
      return { status: res.status, answer: (await res.json()) as { stored: number; duplicates: number } };
    };

    const started = await startServer(dataDir);
    const port = started.port;
    child = started.child;
    const running = child;
    // Eight senders in flight; the server is killed once 100 packets are acknowledged.
    const acknowledged: number[] = [];
    let next = 0;
    const sender = async () => {
      while (next < packets.length) {
        const i = next++;
        try {
          const { status, answer } = await send(port, packets[i] as Packet);
          if (status === 200) {
            expect(answer.stored).toBe(50);
            acknowledged.push(i);
            if (acknowledged.length === 100) running.kill('SIGKILL');
          }
        } catch {
          return; // the server is gone
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    await new Promise((r) =>
      running.exitCode !== null || running.signalCode !== null ? r(null) : running.once('exit', r),
    );
    expect(running.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);
    expect(acknowledged.length).toBeLessThan(packets.length);

    // Every acknowledged reading is on disk after the kill.
    const db = new Database(join(dataDir, 'emberwatch.db'));
    const has = db.prepare('select 1 from readings where sensor_id = ? and meas_ts = ?').pluck();
    for (const i of acknowledged)
      for (const r of (packets[i] as Packet).readings) expect(has.get(r.sensor_id, r.meas_ts)).toBe(1);
    const storedBefore = db
      .prepare(`select count(*) from readings where sensor_id like 'H9%'`)
      .pluck()
      .get() as number;
    db.close();

    // A new server first rebuilds the roll-ups the killed one still owed (decision 0062): every day's
    // roll-up counts its readings before any retry arrives.
    const restarted = await startServer(dataDir);
    const port2 = restarted.port;
    child = restarted.child;
    const rolled = new Database(join(dataDir, 'emberwatch.db'), { readonly: true });
    const mismatched = rolled
      .prepare(
        `select r.sensor_id, r.day, d.n, r.stored from
           (select sensor_id, meas_ts - meas_ts % 86400 as day, count(*) as stored from readings
            where sensor_id like 'H9%' group by 1, 2) r
         left join probe_daily d on d.sensor_id = r.sensor_id and d.day = r.day
         where d.n is null or d.n <> r.stored`,
      )
      .all();
    const latestBehind = rolled
      .prepare(
        `select l.sensor_id from probe_latest l
         where l.sensor_id like 'H9%' and l.meas_ts < (select max(meas_ts) from readings r where r.sensor_id = l.sensor_id)`,
      )
      .all();
    rolled.close();
    expect(mismatched).toEqual([]);
    expect(latestBehind).toEqual([]);

    // The station retries everything through the new server: each reading is stored once in all.
    let stored = 0;
    for (const [i, p] of packets.entries()) {
      const { status, answer } = await send(port2, p);
      expect(status).toBe(200);
      expect(answer.stored + answer.duplicates).toBe(50);
      if (acknowledged.includes(i)) expect(answer.duplicates).toBe(50);
      stored += answer.stored;
    }
    expect(storedBefore + stored).toBe(packets.length * 50);
    const stopping = child;
    await new Promise((r) => {
      stopping.once('exit', r);
      stopping.kill('SIGTERM');
    });
    const after = new Database(join(dataDir, 'emberwatch.db'), { readonly: true });
    const daily = after
      .prepare(`select sum(n) from probe_daily where sensor_id like 'H9%'`)
      .pluck()
      .get() as number;
    after.close();
    expect(daily).toBe(packets.length * 50);
  }, 120_000);
});
