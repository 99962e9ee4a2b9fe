/**
 * What a commit's journal row of keys costs PostgreSQL (issue 34 item 6, decision 0184): the same rows
 * written by COPY, as the ingest writer sends them (one per commit, naming its readings' probes and
 * times), into the journal's columns as they were (`text[]` and `bigint[]`, compressed with pglz) and as
 * they are (the arrays' text, compressed with LZ4 where the server has it; pglz for comparison). The
 * figure is the backend's CPU time (/proc/<pid>/task/<tid>/schedstat, what a busy machine disturbs
 * least) per journal row, median of the rounds; each round writes every shape once, in a rotated order,
 * each table emptied and a checkpoint taken before, and gives each shape's ratio to the arrays.
 *
 *   npx tsx bench/postgres-journal-keys/run.ts [--rounds 7] [--rows 2000] [--keys 900]
 *     [--database-url postgres://postgres@127.0.0.1:5432/test] [--results FILE]
 *
 * --keys: readings a commit names (the side-by-side ingest bench commits about 750–900 under load: nine
 * packets of a station's 100 probes).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { copyField, copyStatement } from '../../apps/server/src/db/postgresClient.js';
import { intArray, textArray } from '../../apps/server/src/features/ingest/postgresArrays.js';
import { openBackendSession } from '../support/backendSession.js';
import { loadAverage, median } from '../support/procStats.js';
import { positive } from '../support/positiveArg.js';
import { databaseUrlOption } from '../support/databaseUrlOption.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    rows: { type: 'string', default: '2000' },
    keys: { type: 'string', default: '900' },
    'database-url': databaseUrlOption('test'),
    results: { type: 'string', default: 'bench/results/postgres-journal-keys.json' },
  },
});
const ROUNDS = Math.round(positive('rounds', args.rounds, 50));
const ROWS = Math.round(positive('rows', args.rows, 100_000));
const KEYS = Math.round(positive('keys', args.keys, 10_000));
const SCHEMA = `bench_journal_keys_${process.pid}`;
/** The readings' first time (2026-12-04), as the ingest bench's: ten minutes apart. */
const START_TS = 1_796_342_400;

interface Shape {
  name: string;
  table: string;
  /** The keys' columns. */
  columns: string;
}
const SHAPES: Shape[] = [
  { name: 'arrays-pglz', table: 'j_arrays', columns: 'sensor_ids text[] not null, times bigint[] not null' },
  { name: 'text-lz4', table: 'j_text_lz4', columns: 'sensor_ids text not null, times text not null' },
  { name: 'text-pglz', table: 'j_text_pglz', columns: 'sensor_ids text not null, times text not null' },
];
/** The journal's other columns, as ingest_rollup_journal has them since migration 0077. */
const journalTable = (s: Shape) => `create table ${s.table} (
  id bigserial primary key, ${s.columns}, bs_ids text[], sensor_rssi integer[], bs_rssi integer[],
  batt integer[], instance text not null default '', seq bigint not null default 0,
  created_ms bigint not null default 0, oldest_ts bigint)`;

/**
 * The rows in COPY's text format, as the writer makes them (its journal row of keys): a commit of
 * nine stations' packets, each station's 100 probes at one time, the stations taking turns.
 */
function copyText(): string {
  let text = '';
  for (let r = 0; r < ROWS; r++) {
    const ids: string[] = [];
    const times: number[] = [];
    for (let k = 0; k < KEYS; k++) {
      const station = (r * 9 + Math.floor(k / 100)) % 50;
      ids.push(`H${100_000 + station * 100 + (k % 100)}`);
      times.push(START_TS + Math.floor((r * 9 + Math.floor(k / 100)) / 50) * 600);
    }
    text += `${copyField(textArray(ids))}\t${intArray(times)}\tbench\t${r}\t${r}\t${Math.min(...times)}\n`;
  }
  return text;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

async function main() {
  const { query, cpuMs, end } = await openBackendSession(args['database-url']);
  const lz4 = (
    await query<{ lz4: boolean }>(
      `select coalesce(bool_or('lz4' = any(enumvals)), false) as lz4
       from pg_settings where name = 'default_toast_compression'`,
    )
  ).rows[0]?.lz4;
  if (!lz4) throw new Error('this PostgreSQL has no LZ4: the journal keeps pglz (migration 0079)');
  const loadBefore = loadAverage();
  const rows = copyText();
  try {
    await query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
    await query(`set search_path to ${SCHEMA}`);
    for (const s of SHAPES) await query(journalTable(s));
    await query(`alter table j_text_lz4 alter column sensor_ids set compression lz4,
      alter column times set compression lz4`);
    await query(`alter table j_arrays alter column sensor_ids set compression pglz,
      alter column times set compression pglz`);
    await query(`alter table j_text_pglz alter column sensor_ids set compression pglz,
      alter column times set compression pglz`);

    const spentUs: Record<string, number[]> = {};
    const ratio: Record<string, number[]> = {};
    const bytes: Record<string, number> = {};
    const loads: [number, number, number][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(loadAverage());
      const order = SHAPES.map((_, i) => SHAPES[(i + round) % SHAPES.length]!);
      const spent: Record<string, number> = {};
      for (const s of order) {
        await query(`truncate ${s.table}`);
        await query('checkpoint');
        const before = cpuMs();
        const result = await query(
          copyStatement(
            `copy ${s.table} (sensor_ids, times, instance, seq, created_ms, oldest_ts) from stdin`,
          ),
          [rows],
        );
        spent[s.name] = ((cpuMs() - before) / ROWS) * 1000;
        if (result.rowCount !== ROWS)
          throw new Error(`${s.name}: COPY wrote ${result.rowCount} rows, not ${ROWS}`);
        if (round === 0)
          bytes[s.name] = Number(
            ((await query(`select pg_total_relation_size('${s.table}')::text as b`)).rows[0] as { b: string })
              .b,
          );
      }
      // What the merge reads back: every shape the same keys.
      if (round === 0) {
        const same = await query<{ n: number }>(
          `select count(*)::int as n from j_arrays a join j_text_lz4 t using (seq)
           where a.sensor_ids = t.sensor_ids::text[] and a.times = t.times::bigint[]`,
        );
        if (same.rows[0]?.n !== ROWS) throw new Error('the text shape does not read back as the arrays');
      }
      for (const s of SHAPES) {
        (spentUs[s.name] ??= []).push(spent[s.name]!);
        (ratio[s.name] ??= []).push(spent[s.name]! / spent['arrays-pglz']!);
      }
      console.log(
        `round ${round + 1} (load ${loads[round]![0]}): ` +
          SHAPES.map((s) => `${s.name} ${round2(spent[s.name]!)}`).join(', ') +
          ' µs of backend CPU per journal row',
      );
    }
    const summary = {
      date: new Date().toISOString(),
      kind: 'postgres-journal-keys',
      options: { rounds: ROUNDS, rows: ROWS, keys: KEYS },
      postgres: ((await query('show server_version')).rows[0] as { server_version: string }).server_version,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAverage(),
      shapes: Object.fromEntries(
        SHAPES.map((s) => [
          s.name,
          {
            backendUsPerRow: round2(median(spentUs[s.name]!)),
            ratioToArrays: round2(median(ratio[s.name]!)),
            bytesPerRow: Math.round(bytes[s.name]! / ROWS),
            rounds: spentUs[s.name]!.map(round2),
          },
        ]),
      ),
      loads,
    };
    console.log(
      `medians of ${ROUNDS} rounds, ${KEYS} keys a row (load ${loadBefore.join(', ')} → ${summary.loadAverageAfter.join(', ')}):`,
    );
    for (const s of SHAPES) {
      const r = summary.shapes[s.name]!;
      console.log(
        `  ${s.name.padEnd(12)} ${r.backendUsPerRow} µs of backend CPU per row, ${r.ratioToArrays} of arrays-pglz, ${r.bytesPerRow} B a row stored`,
      );
    }
    writeFileSync(args.results, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`wrote ${args.results}`);
  } finally {
    await query(`drop schema if exists ${SCHEMA} cascade`).catch(() => undefined);
    await end();
  }
}

await main();
