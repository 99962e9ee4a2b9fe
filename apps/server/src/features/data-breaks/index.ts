import type {
  DataBreakDelays,
  EffectiveDataBreakDelays,
} from '@emberwatch/shared/domain/dataBreaks/dataBreakDelay';
import { SPEC_PROBE_STOP_RULES } from '@emberwatch/shared/domain/stationAdmin/probeStopSettings';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { AccessService } from '../../http/access/index.js';
import { DataBreakSettingsRepository } from './dataBreakSettings.repository.js';
import { dataBreakSettingsRoutes } from './dataBreakSettings.routes.js';
import { DataBreakSettingsService } from './dataBreakSettings.service.js';

/**
 * Data breaks (issue 27; decision 0071): a station or probe silent for longer than its delay. This
 * folder holds the delay the owner chooses for the account and per storage (settings calls, and the
 * resolved delays other features read); the watcher that raises and clears data-break alerts joins it.
 */
export function dataBreaksFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    /** The fleet's probe stop settings (decision 0094); absent: the spec's 4 h and three intervals. */
    probeStopRules?: () => Promise<{ defaultS: number; reportingIntervals: number }>;
  },
) {
  const settings = new DataBreakSettingsService(
    new DataBreakSettingsRepository(kernel.store.db),
    deps.access,
    deps.probeStopRules ?? (() => Promise.resolve(SPEC_PROBE_STOP_RULES)),
  );
  return defineFeature({
    name: 'dataBreaks',
    routes: dataBreakSettingsRoutes({ authenticate: deps.authenticate, settings }),
    exports: {
      /**
       * The account's chosen delays (seconds): its own (null: the spec's 4 h) and each storage's
       * override (absent: the account's). Resolve one station or probe with the shared
       * stationDataBreakDelayS / probeDataBreakDelayS.
       */
      dataBreakDelays: (ownerId: number): Promise<DataBreakDelays> => settings.delays(ownerId),
      /**
       * Every station's and probe's delay of the account, resolved (seconds): a station waits the
       * smallest of its probes' storages' delays (a probe in no storage: the account's), a probe its
       * storage's, else the account's; both at least three of their configured reporting intervals.
       */
      effectiveDataBreakDelays: (ownerId: number): Promise<EffectiveDataBreakDelays> =>
        settings.effective(ownerId),
    },
  });
}
