import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { LatestReadingsService } from './latestReadings.service.js';
import { ReadingRepository } from './reading.repository.js';

export type { LatestReadingsService } from './latestReadings.service.js';
export { parseCorrections } from './reading.repository.js';

/** The latest reading of each probe and its alert mark, cached per station until its next `newData` or `alertsChanged`. */
export function readingsFeature(kernel: Kernel) {
  const latest = new LatestReadingsService(new ReadingRepository(kernel.store.db));
  return defineFeature({
    name: 'readings',
    // A probe's alert mark changes with the monitors' alerts, not only with new readings.
    events: {
      newData: ({ bsIds }) => latest.forgetStations(bsIds),
      alertsChanged: ({ bsIds }) => latest.forgetStations(bsIds),
    },
    exports: { latest },
  });
}
