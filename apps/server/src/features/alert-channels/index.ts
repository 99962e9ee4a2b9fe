import type { FastifyBaseLogger } from 'fastify';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { AccessService } from '../../http/access/index.js';
import { confirmedPhoneOf } from '../account/index.js';
import { recipientLanguage, type MessageTexts } from '../translations/index.js';
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
  deps: Omit<AlertChannelsDeps, 'repo' | 'nowS' | 'log' | 'confirmedPhoneOf' | 'voiceTestTextOf'> &
    MessageTexts & {
      authenticate: Authenticate;
      access: AccessService;
      log: Pick<FastifyBaseLogger, 'info'>;
    },
) {
  const service = new AlertChannelsService({
    ...deps,
    repo: new AlertChannelsRepository(kernel.store.db),
    nowS: kernel.nowS,
    confirmedPhoneOf: (userId) => confirmedPhoneOf(kernel.store.db, userId),
    // The call reads this aloud in the user's language (decision 0120).
    voiceTestTextOf: async (user) =>
      (await deps.serverTexts.texts()).text(
        await recipientLanguage(deps.preferences, user),
        'serverAlerts.voiceTest',
      ),
  });
  return defineFeature({
    name: 'alert-channels',
    routes: alertChannelsRoutes({ authenticate: deps.authenticate, service }),
    exports: {},
  });
}
