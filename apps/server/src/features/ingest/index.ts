import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { BaseStationRepository } from '../base-stations/index.js';
import type { ReadingHistory } from '../readings/index.js';
import type SQLite from 'better-sqlite3';
import { IngestRepository, MAX_PROBE_LOCKS } from './ingest.repository.js';
import type { IngestWriter } from './ingestWriter.js';
import { PostgresIngestWriter } from './postgresIngestWriter.js';
import { SqliteIngestWriter } from './sqliteIngestWriter.js';
import { ingestRoutes } from './ingest.routes.js';
import { FreshReadingsHub } from './freshReadingsHub.js';
import { IngestService } from './ingest.service.js';
import { PACKET_LOG_KEEP_S, prunePacketLog } from './packetLogRetention.js';
import { ProbeDirectory } from './probeDirectory.js';
import { StationCredentials } from './stationCredentials.js';
import type { StationCallSink } from './stationCallSink.js';
import type { OtaOffers } from './otaOffers.js';
// The probesMoved bus event's type (declared by the probes feature's live events), which this feature uses.
import type {} from '../probes/index.js';

export { DAY_S, dayOf } from './dailyRollup.js';
export type { FreshReading, FreshReadingsHub, FreshReadingsListener } from './freshReadingsHub.js';
export { issueStationSecret, parseStationAuthorization, StationCredentials } from './stationCredentials.js';
export type { OtaOffers } from './otaOffers.js';
export type { StationCallFacts, StationCallSink } from './stationCallSink.js';

/**
 * One SQLite writer per connection: it keeps the probes' current daily roll-ups, which is right only
 * while every write to the file goes through it (two server objects on one store share it).
 */
const sqliteWriters = new WeakMap<SQLite.Database, SqliteIngestWriter>();
/** Likewise one fresh-readings hub per SQLite file, heard by every evaluator on it. */
const sqliteHubs = new WeakMap<SQLite.Database, FreshReadingsHub>();

function hubFor(store: Kernel['store']): FreshReadingsHub | undefined {
  if (!store.sqlite) return undefined;
  let hub = sqliteHubs.get(store.sqlite);
  if (!hub) sqliteHubs.set(store.sqlite, (hub = new FreshReadingsHub()));
  return hub;
}

function writerFor(store: Kernel['store']): IngestWriter {
  if (!store.sqlite) return new PostgresIngestWriter();
  let writer = sqliteWriters.get(store.sqlite);
  if (!writer) sqliteWriters.set(store.sqlite, (writer = new SqliteIngestWriter(store.sqlite)));
  return writer;
}

/** The base-station protocol (docs/base-station-protocol.md): credentials, validation, group commit. */
export function ingestFeature(
  kernel: Kernel,
  deps: {
    history: ReadingHistory;
    /** Told about every call answered (the station-logs feature's call log). */
    calls?: StationCallSink;
    /** Asked for the firmware update pending for the station that called (the firmware feature). */
    otaOffers?: OtaOffers;
  },
) {
  const { store, bus, nowS } = kernel;
  const freshReadings = hubFor(store);
  const ingest = new IngestService(
    new IngestRepository(store.db, store.engine),
    bus,
    nowS,
    new ProbeDirectory(),
    writerFor(store),
    deps.history,
    freshReadings,
    // PostgreSQL: a few commits at once (INGEST_COMMITS, two by default), each of at most the probes it
    // locks one by one, so they do not wait for each other (decisions 0064, 0065, 0157). SQLite has one writer: one commit
    // at a time, up to 64 packets.
    store.sqlite ? {} : { workers: kernel.config.ingestCommits, maxProbesPerBatch: MAX_PROBE_LOCKS },
  );
  return defineFeature({
    name: 'ingest',
    routes: ingestRoutes(
      { ingest, calls: deps.calls, otaOffers: deps.otaOffers },
      new StationCredentials(new BaseStationRepository(store.db)),
    ),
    // The ingest path caches each probe's station; a transfer (here or on another instance) clears it.
    events: { probesMoved: ({ sensorIds }) => ingest.forgetProbes(sensorIds) },
    jobs: [
      {
        name: 'ingest.prunePacketLog',
        everyMs: 3_600_000,
        run: async () => {
          await prunePacketLog(store.db, nowS() - PACKET_LOG_KEEP_S);
        },
      },
    ],
    // SQLite's roll-ups a crash left owed are rebuilt before the first packet; those owed at a stop
    // are written (decision 0062).
    start: () => ingest.recoverRollups(),
    stop: () => ingest.close(),
    // Other ways in (a future MQTT gateway, tests that need two packets in one commit) submit here.
    // freshReadings: every reading committed to this SQLite file (undefined on PostgreSQL).
    exports: { ingest, freshReadings },
  });
}
