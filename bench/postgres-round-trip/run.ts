/**
 * What one round trip to PostgreSQL costs, apart from the statement's own work: a prepared one-row
 * statement (`select $1::int`) run again and again on one connection, and the CPU time the client
 * process and its backend spend per statement (process.cpuUsage and /proc/<pid>/stat: the figures a busy
 * machine disturbs least). Over TCP to 127.0.0.1 and over the Unix socket, alternated round by round;
 * medians of the rounds. An ingest commit makes several such trips (docs/PERFORMANCE.md), so this is
 * their floor.
 *
 *   npx tsx bench/postgres-round-trip/run.ts [--rounds 5] [--statements 20000]
 *     [--tcp postgres://postgres@127.0.0.1:5432/test] [--socket /var/run/postgresql]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadAverage, median, processCpuMs, processCpuMsFine } from '../support/procStats.js';

/** A backend's CPU time in ms: the scheduler's nanoseconds where the kernel keeps them, else /proc's ticks. */
const backendCpuMs = (pid: number): number => processCpuMsFine(pid) ?? processCpuMs(pid) ?? 0;
import { positive } from '../support/positiveArg.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    statements: { type: 'string', default: '20000' },
    tcp: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    socket: { type: 'string', default: '/var/run/postgresql' },
  },
});
const ROUNDS = positive('rounds', args.rounds, 100);
const STATEMENTS = positive('statements', args.statements, 10_000_000);
const tcp = new URL(args.tcp);
const transports = {
  tcp: { connectionString: args.tcp },
  socket: { host: args.socket, user: tcp.username, database: tcp.pathname.slice(1) },
};
type Transport = keyof typeof transports;

/** Client and backend CPU µs per statement for one round on `transport`. */
async function round(transport: Transport): Promise<{ client: number; backend: number }> {
  const client = new pg.Client(transports[transport]);
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const pid = rows[0]!.pid;
    const statement = (i: number) =>
      client.query({ name: 'round_trip', text: 'select $1::int as x', values: [i] });
    for (let i = 0; i < 2_000; i++) await statement(i); // warm: prepared, JIT-compiled
    const clientBefore = process.cpuUsage();
    const backendBefore = backendCpuMs(pid);
    for (let i = 0; i < STATEMENTS; i++) await statement(i);
    const clientUsed = process.cpuUsage(clientBefore);
    const backendUsed = backendCpuMs(pid) - backendBefore;
    return {
      client: (clientUsed.user + clientUsed.system) / STATEMENTS,
      backend: (backendUsed * 1000) / STATEMENTS,
    };
  } finally {
    await client.end();
  }
}

const results: Record<Transport, { client: number[]; backend: number[] }> = {
  tcp: { client: [], backend: [] },
  socket: { client: [], backend: [] },
};
const loadBefore = loadAverage();
for (let r = 1; r <= ROUNDS; r++) {
  const order: Transport[] = r % 2 ? ['tcp', 'socket'] : ['socket', 'tcp'];
  for (const transport of order) {
    const got = await round(transport);
    results[transport].client.push(got.client);
    results[transport].backend.push(got.backend);
  }
  console.log(
    `round ${r} (load ${loadAverage()[0]}): ` +
      (['tcp', 'socket'] as const)
        .map(
          (t) => `${t} ${results[t].client.at(-1)!.toFixed(1)} + ${results[t].backend.at(-1)!.toFixed(1)} µs`,
        )
        .join(', '),
  );
}
console.log(`medians of ${ROUNDS} rounds (load ${loadBefore.join(', ')} → ${loadAverage().join(', ')}):`);
for (const t of ['tcp', 'socket'] as const)
  console.log(
    `  ${t.padEnd(6)} ${median(results[t].client).toFixed(1)} µs of the client's CPU and ` +
      `${median(results[t].backend).toFixed(1)} µs of its backend's per round trip`,
  );
