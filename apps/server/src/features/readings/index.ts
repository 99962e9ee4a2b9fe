import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { LatestReadingsService } from './latestReadings.service.js';
import { ReadingHistory } from './readingHistory.js';
import { ReadingPacker, type PackerLog } from './readingPacker.js';
import { ReadingRepository } from './reading.repository.js';
import { ReadingPartitions } from './readingPartitions.js';
import { ReadingRetention } from './readingRetention.js';
import { readingsLive } from './readings.live.js';
// The alertsChanged bus event's type (declared by the monitors feature's live events), which this feature uses.
import type {} from '../monitors/index.js';

export type { LatestReadingsService } from './latestReadings.service.js';
export type { DecodedReading, HistoryReading, ReadingHistory } from './readingHistory.js';
export type { ReadingPacker } from './readingPacker.js';
export type { ReadingPartitions } from './readingPartitions.js';
export type { ReadingRetention, RetentionResult } from './readingRetention.js';
export { parseCorrections } from './reading.repository.js';
export { hourOf, readingHours } from './readingHours.js';
export { mergeByTime } from './mergeByTime.js';
export { unpackDay, type PackedReading } from './packedDay.js';

/** How often the packing job looks for days old enough to pack (decision 0054). */
export const READINGS_PACK_EVERY_MS = 15 * 60_000;
/**
 * How often PostgreSQL's partitions job makes the months ahead (decision 0135): the next month's
 * partition exists three months before its first reading, so a few missed runs change nothing.
 */
export const READINGS_PARTITIONS_EVERY_MS = 6 * 3_600_000;
/** How often the retention job removes readings past their horizon (decision 0136). */
export const READINGS_RETENTION_EVERY_MS = 3_600_000;

/**
 * The latest reading of each probe and its alert mark, cached per station until its next `newData` or
 * `alertsChanged`; every probe's history, recent and packed alike; and the job that packs old days.
 */
export function readingsFeature(kernel: Kernel, deps: { log: PackerLog }) {
  const latest = new LatestReadingsService(new ReadingRepository(kernel.store.db));
  const history = new ReadingHistory(kernel.store.db, kernel.store.engine);
  const packer = new ReadingPacker(
    kernel.store.db,
    kernel.store.engine,
    kernel.nowS,
    kernel.config.readingsPackAfterDays,
    deps.log,
  );
  const partitions =
    kernel.store.engine === 'postgres'
      ? new ReadingPartitions(kernel.store.db, kernel.nowS, kernel.config.readingsRetention)
      : null;
  const retention = new ReadingRetention(
    kernel.store.db,
    kernel.nowS,
    kernel.config.readingsRetention,
    partitions,
    deps.log,
  );
  return defineFeature({
    name: 'readings',
    live: readingsLive,
    // A probe's alert mark changes with the monitors' alerts, not only with new readings.
    events: {
      newData: ({ bsIds }) => latest.forgetStations(bsIds),
      alertsChanged: ({ bsIds }) => latest.forgetStations(bsIds),
    },
    jobs: [
      {
        name: 'readings.pack',
        everyMs: READINGS_PACK_EVERY_MS,
        // Soon after a start too: a server that was down a while has days waiting.
        firstAfterMs: 60_000,
        run: () => packer.run().then(() => undefined),
      },
      ...(partitions
        ? [
            {
              name: 'readings.partitions',
              everyMs: READINGS_PARTITIONS_EVERY_MS,
              firstAfterMs: 30_000,
              run: () => partitions.prepare().then(() => undefined),
            },
          ]
        : []),
      {
        name: 'readings.retention',
        everyMs: READINGS_RETENTION_EVERY_MS,
        firstAfterMs: 10 * 60_000,
        run: () => retention.run().then(() => undefined),
      },
    ],
    exports: { latest, history, packer, partitions, retention },
  });
}
