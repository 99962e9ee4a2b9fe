import { REGISTRATION_TTL_S } from '@emberwatch/shared/domain/masterUsers/masterRegistration';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { MasterUsersRepository } from './masterUsers.repository.js';
import { masterUsersRoutes } from './masterUsers.routes.js';
import { MasterUsersService, type MasterCodeSender, type MasterPasswords } from './masterUsers.service.js';
import type { ServerTextCatalog } from '../translations/index.js';
import { masterUsersDb } from './masterUsers.tables.js';

/** How often expired registrations are forgotten. */
export const EXPIRED_REGISTRATIONS_PURGE_EVERY_MS = 10 * 60_000;

/**
 * Master users (advisors) on their own (spec doc 1 §2 /master, §7; decision 0104): the public
 * registration with its phone confirmed by an SMS code through the delivery outbox, and the master's
 * own account (its details, its deletion, the farms it stops watching). The farm's side of the
 * authorisations is the master-access feature's.
 */
export function masterUsersFeature(
  kernel: Kernel,
  deps: {
    authenticate: Authenticate;
    passwords: MasterPasswords;
    /** The delivery feature's sendCode: an SMS through the outbox. */
    sendCode: MasterCodeSender;
    /** Ends every session of a user (the sessions feature's). */
    revokeSessions: (userId: number) => Promise<void>;
    /** The server texts the code SMS is worded with (decision 0107). */
    serverTexts: Pick<ServerTextCatalog, 'texts'>;
  },
) {
  const repo = new MasterUsersRepository(masterUsersDb(kernel.store.db));
  const masterUsers = new MasterUsersService(
    repo,
    deps.passwords,
    deps.sendCode,
    deps.revokeSessions,
    kernel.config.jwtSecret,
    kernel.nowS,
    deps.serverTexts,
  );
  return defineFeature({
    name: 'master-users',
    routes: masterUsersRoutes({ authenticate: deps.authenticate, masterUsers }),
    jobs: [
      {
        // An unfinished registration is forgotten a day after its start (its username is free again).
        name: 'masterUsers.forgetExpiredRegistrations',
        everyMs: EXPIRED_REGISTRATIONS_PURGE_EVERY_MS,
        run: () => repo.purgeExpired(kernel.nowS() - REGISTRATION_TTL_S).then(() => undefined),
      },
    ],
    exports: {},
  });
}
