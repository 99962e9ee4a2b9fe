import { CHECK_VERIFICATION_REPORT_PATH } from '@emberwatch/shared/contracts/verification';
import type { AccessService } from '../../http/access/index.js';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { PreferencesService } from '../preferences/index.js';
import type { ReadingHistory } from '../readings/index.js';
import type { ServerTextCatalog } from '../translations/index.js';
import { VerificationRepository } from './verification.repository.js';
import { verificationRoutes } from './verification.routes.js';
import { VerificationService } from './verification.service.js';

/**
 * Probe verification (issue 33 item 4, decisions 0113–0115): a probe against a reference probe, one
 * ongoing per probe, its calibration result, and a signed PDF report anyone can check.
 */
export function verificationFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    history: ReadingHistory;
    /** The server texts the report's PDF is worded with (the translations feature's; decision 0107). */
    serverTexts: Pick<ServerTextCatalog, 'texts'>;
    /** The reader's language, unit and date and time formats (the preferences feature's). */
    preferences: Pick<PreferencesService, 'get'>;
  },
) {
  const verification = new VerificationService(
    new VerificationRepository(kernel.store.db),
    deps.access,
    deps.history,
    kernel.nowS,
  );
  return defineFeature({
    name: 'verification',
    routes: verificationRoutes({
      authenticate: deps.authenticate,
      verification,
      checkUrl: `${kernel.config.delivery.publicUrl}${CHECK_VERIFICATION_REPORT_PATH}`,
      preferencesOf: (userId) => deps.preferences.get(userId),
      texts: () => deps.serverTexts.texts(),
    }),
    exports: {},
  });
}
