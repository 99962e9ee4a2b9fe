import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { LatestReadingsService } from './latestReadings.service.js';
import { ReadingRepository } from './reading.repository.js';

export type { LatestReadingsService } from './latestReadings.service.js';
export { parseCorrections } from './reading.repository.js';

/** The latest reading of each probe, cached per station until its next `newData`. */
export function readingsFeature(kernel: Kernel) {
  const latest = new LatestReadingsService(new ReadingRepository(kernel.store.db));
  return defineFeature({
    name: 'readings',
    events: { newData: ({ bsIds }) => latest.forgetStations(bsIds) },
    exports: { latest },
  });
}
