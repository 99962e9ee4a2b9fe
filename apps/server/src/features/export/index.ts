import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { ReadingHistory } from '../readings/index.js';
import type { AccessService } from '../../http/access/index.js';
import { ExportRepository } from './export.repository.js';
import { exportRoutes } from './export.routes.js';
import { ExportService } from './export.service.js';

/** Readings of a storage's probes for the spreadsheet export (docs/decisions/0029-export.md). */
export function exportFeature(
  kernel: Kernel,
  deps: { access: AccessService; authenticate: Authenticate; history: ReadingHistory },
) {
  const exports = new ExportService(new ExportRepository(deps.history), deps.access, kernel.nowS);
  return defineFeature({
    name: 'export',
    routes: exportRoutes({ authenticate: deps.authenticate, exports }),
    exports: {},
  });
}
