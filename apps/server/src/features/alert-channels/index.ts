import type { FastifyBaseLogger } from 'fastify';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { AccessService } from '../../http/access/index.js';
import { AlertChannelsRepository } from './alertChannels.repository.js';
import { alertChannelsRoutes } from './alertChannels.routes.js';
import { AlertChannelsService, type AlertChannelsDeps } from './alertChannels.service.js';

/**
 * The account's alert channels (issue 27 item 11; decision 0072): what the web's Alert channels page
 * reads, the admin's voice-call switch, and the web-push test through the delivery outbox. Built from
 * the Sentinel, push and delivery features' exports.
 */
export function alertChannelsFeature(
  kernel: Kernel,
  deps: Omit<AlertChannelsDeps, 'repo' | 'nowS' | 'log'> & {
    authenticate: Authenticate;
    access: AccessService;
    log: Pick<FastifyBaseLogger, 'info'>;
  },
) {
  const service = new AlertChannelsService({
    ...deps,
    repo: new AlertChannelsRepository(kernel.store.db),
    nowS: kernel.nowS,
  });
  return defineFeature({
    name: 'alert-channels',
    routes: alertChannelsRoutes({ authenticate: deps.authenticate, service }),
    exports: {},
  });
}
