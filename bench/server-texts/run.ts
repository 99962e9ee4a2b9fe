/**
 * The server text catalog's cost on the alert path (decision 0107): a store seeded with every bundled
 * text (about 22,000 rows, about 1,000 of them the server's), then, `--rounds` times,
 * - `texts()` while nothing changed: the one aggregate a delivery pass asks (the cached case);
 * - `texts()` after a translator's save: the aggregate and the read of the server rows;
 * - wording `--messages` alert messages (SMS and e-mail for one recipient) with one snapshot, against
 *   the same with the bundled texts alone (what the old per-language tables cost).
 *
 *   npx tsx bench/server-texts/run.ts [--rounds 5] [--asks 500] [--messages 2000]
 *     [--database-url postgres://postgres@127.0.0.1:5432/server_texts_bench]
 *
 * SQLite in a temporary directory without --database-url; with it, a schema of its own, dropped after.
 * Results go to stdout and bench/results/server-texts.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { migrateToLatest, openStore } from '../../apps/server/src/db/createDatabase.js';
import { planMessages } from '../../apps/server/src/features/delivery/deliveryPlan.js';
import { bundledTexts } from '../../apps/server/src/features/translations/bundledLocales.js';
import { TranslationRepository } from '../../apps/server/src/features/translations/translation.repository.js';
import { bundledServerTexts, serverTextCatalog } from '../../apps/server/src/features/translations/index.js';
import { ctx, facts, messaging } from '../../apps/server/test/support/planFixtures.js';
import { writeResults } from '../support/benchServer.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    asks: { type: 'string', default: '500' },
    messages: { type: 'string', default: '2000' },
    'database-url': { type: 'string' },
  },
});
const ROUNDS = Number(args.rounds);
const ASKS = Number(args.asks);
const MESSAGES = Number(args.messages);
const url = args['database-url'];

const dir = mkdtempSync(join(tmpdir(), 'server-texts-bench-'));
const schema = `server_texts_${process.pid}`;
if (url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
}
const store = openStore({
  databaseUrl: url,
  sqlitePath: join(dir, 'emberwatch.db'),
  ...(url ? { pgSchema: schema } : {}),
});
let clock = Math.floor(Date.now() / 1000);
try {
  await migrateToLatest(store);
  const repo = new TranslationRepository(store.db, store.engine);
  await repo.seed(bundledTexts(), clock);
  const catalog = serverTextCatalog({ store, nowS: () => clock });
  const perCall = async (n: number, f: () => unknown) => {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await f();
    return (performance.now() - t0) / n;
  };
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    clock += 60;
    await catalog.texts();
    const loadsCached = catalog.loads;
    const cachedMs = await perCall(ASKS, () => catalog.texts());
    const cachedReads = catalog.loads - loadsCached;
    const loadsBefore = catalog.loads;
    const afterSaveMs = await perCall(Math.max(1, Math.floor(ASKS / 10)), async () => {
      clock += 10;
      // A translator's save, as the repository writes it (its user left out: the bench has none).
      await store.db
        .updateTable('translations')
        .set({ edited: 1, updated_ts: clock })
        .where('locale', '=', 'fi')
        .where('key', '=', 'serverAlerts.alert.above')
        .execute();
      clock += 10;
      await catalog.texts();
    });
    const reads = catalog.loads - loadsBefore;
    const snapshot = await catalog.texts();
    const recipient = {
      userId: 1,
      name: 'Anna',
      address: '+358401234567',
      language: 'fi',
      country: 'fi',
      unit: 'C' as const,
    };
    const plan = messaging({
      sms: { active: true, recipients: [recipient] },
      email: { active: true, recipients: [{ ...recipient, address: 'anna@example.com' }] },
    });
    const wordWith = (texts: typeof snapshot) => () => planMessages(facts, plan, ctx({ texts }));
    const catalogWordMs = await perCall(MESSAGES, wordWith(snapshot));
    const bundledWordMs = await perCall(MESSAGES, wordWith(bundledServerTexts()));
    rounds.push({
      round: r + 1,
      load: Number(loadavg()[0]!.toFixed(1)),
      cachedTextsMs: Number(cachedMs.toFixed(3)),
      rowReadsWhileCached: cachedReads,
      saveThenTextsMs: Number(afterSaveMs.toFixed(3)),
      rowReadsAfterSaves: reads,
      wordTwoMessagesMs: {
        catalog: Number(catalogWordMs.toFixed(4)),
        bundled: Number(bundledWordMs.toFixed(4)),
      },
    });
    console.log(JSON.stringify(rounds.at(-1)));
  }
  writeResults('server-texts', { engine: store.engine, asks: ASKS, messages: MESSAGES, rounds });
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
