import type { SentinelAlerts } from '@emberwatch/shared/contracts/sentinel';
import type { FastifyBaseLogger } from 'fastify';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { PreferencesService } from '../preferences/index.js';
import type { ServerTextCatalog } from '../translations/index.js';
import type { AccessService } from '../../http/access/index.js';
import { SentinelRepository } from './sentinel.repository.js';
import { sentinelRoutes } from './sentinel.routes.js';
import { SentinelService } from './sentinel.service.js';
import { SentinelChannel } from './sentinelChannel.js';

export {
  SentinelChannel,
  type SentinelOutgoingMessage,
  type SentinelSendOutcome,
} from './sentinelChannel.js';
export { sentinelDb, type SentinelTables } from './sentinel.tables.js';
export { sentinelRights, sentinelRightsOfActor, type SentinelRights } from './sentinel.policy.js';
export { verifySentinelSignature, sentinelSignature } from './sentinelSignature.js';

/**
 * The Sentinel webhook channel (issue 12; decision 0046; docs/sentinel-webhook.md): an account's
 * target and signing secret, the admin's setting, the owner's view and test call, and the channel
 * adapter the delivery feature sends alerts through.
 */
export function sentinelFeature(
  kernel: Kernel,
  deps: {
    access: AccessService;
    authenticate: Authenticate;
    preferences: Pick<PreferencesService, 'get'>;
    log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
    serverTexts: Pick<ServerTextCatalog, 'texts'>;
  },
) {
  const repo = new SentinelRepository(kernel.store.db);
  const sender = { allowPrivate: kernel.config.sentinelAllowPrivate, nowS: kernel.nowS };
  const sentinel = new SentinelService(
    repo,
    deps.access,
    (userId) => deps.preferences.get(userId),
    sender,
    deps.log,
    () => deps.serverTexts.texts(),
  );
  return defineFeature({
    name: 'sentinel',
    routes: sentinelRoutes({ authenticate: deps.authenticate, sentinel }),
    exports: {
      /** The channel adapter for the delivery feature's outbox workers. */
      sentinelChannel: new SentinelChannel({ targets: repo, sender }),
      /**
       * An account's Sentinel target, null without one ("Sentinel: only when sentinelAlerts exists",
       * spec doc 3 §6). A message's `to` is its url and its payload's siteID its siteID.
       */
      sentinelTargetOf: async (ownerId: number): Promise<SentinelAlerts | null> => {
        const row = await repo.find(ownerId);
        return row ? { siteID: row.site_id, url: row.url } : null;
      },
    },
  });
}
