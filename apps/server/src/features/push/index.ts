import webpush from 'web-push';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { PreferencesService } from '../preferences/index.js';
import type { ServerTextCatalog } from '../translations/index.js';
import { PushRepository } from './push.repository.js';
import { pushRoutes } from './push.routes.js';
import { PushService } from './push.service.js';
import { PushChannel } from './pushChannel.js';
import type { PushDevicesDeps } from './pushDevices.js';
import { pushTestText } from './pushTexts.js';
import type { PushFetch, VapidDetails } from './pushSender.js';

export { PushChannel, type PushOutgoingMessage, type PushSendOutcome } from './pushChannel.js';
export { pushDb, type PushTables } from './push.tables.js';

/**
 * Web push (issue 12 item 2, beyond the spec; decision 0048): the browsers on which users turned
 * alerts on, the server's VAPID key pair (made at the first start, kept in the store, shared by every
 * instance), the calls of the settings' "Alerts on this device" switch, and the channel adapter the
 * delivery feature sends alerts through.
 */
export function pushFeature(
  kernel: Kernel,
  deps: {
    authenticate: Authenticate;
    preferences: Pick<PreferencesService, 'get'>;
    /** The server texts the test notification is worded with (decision 0107). */
    serverTexts: Pick<ServerTextCatalog, 'texts'>;
    /** Tests replace the transport to the push services; fetch otherwise. */
    transport?: PushFetch;
  },
) {
  const repo = new PushRepository(kernel.store.db);
  let vapid: VapidDetails | undefined;
  const devices: PushDevicesDeps = {
    repo,
    vapid: () => {
      if (!vapid) throw new Error('web push is not started');
      return vapid;
    },
    nowS: kernel.nowS,
    transport: deps.transport,
  };
  const push = new PushService(
    repo,
    devices,
    async (userId) => (await deps.preferences.get(userId)).language,
    kernel.nowS,
    () => deps.serverTexts.texts(),
  );
  return defineFeature({
    name: 'push',
    start: async () => {
      const keys = await repo.vapidKeys(() => webpush.generateVAPIDKeys(), kernel.nowS());
      vapid = { subject: kernel.config.vapidSubject, ...keys };
    },
    routes: pushRoutes({ authenticate: deps.authenticate, push }),
    exports: {
      /** The channel adapter for the delivery feature's outbox workers ('push'; `to` is a user id). */
      pushChannel: new PushChannel(devices),
      /** Which of these users have at least one device with push on. */
      pushUsersOf: (userIds: number[]): Promise<Set<number>> => repo.usersWithSubscriptions(userIds),
      /** How many devices of this user have push on. */
      devicesOf: (userId: number): Promise<number> => repo.countForUser(userId),
      /** The test notification's title and text, in the user's language. */
      testTextOf: async (userId: number) =>
        pushTestText(await deps.serverTexts.texts(), (await deps.preferences.get(userId)).language),
    },
  });
}
