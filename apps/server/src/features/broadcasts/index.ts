import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { BroadcastsRepository } from './broadcasts.repository.js';
import { broadcastsRoutes } from './broadcasts.routes.js';
import { BroadcastsService, type OutboxSend } from './broadcasts.service.js';
import { NewsCampaignsService } from './newsCampaigns.service.js';

/**
 * Broadcasts and news campaigns (issue 31 item 3, decision 0100): SMS and e-mail to an audience of
 * customers through the delivery outbox (`send`, the delivery feature's `sendCode`), within the daily
 * SMS cap, with each recipient's status; and the news dialog's items with their audience and
 * schedule, which the notifications feature shows.
 */
export function broadcastsFeature(
  kernel: Kernel,
  deps: {
    authenticate: Authenticate;
    send: OutboxSend;
    languagesOf: (userIds: readonly number[]) => Promise<ReadonlyMap<number, string>>;
  },
) {
  const repo = new BroadcastsRepository(kernel.store.db);
  const broadcasts = new BroadcastsService(
    repo,
    deps.send,
    kernel.config.delivery.smsDailyCap,
    kernel.nowS,
    deps.languagesOf,
  );
  const campaigns = new NewsCampaignsService(repo, kernel.nowS);
  return defineFeature({
    name: 'broadcasts',
    routes: broadcastsRoutes({ authenticate: deps.authenticate, broadcasts, campaigns }),
    exports: {},
  });
}
