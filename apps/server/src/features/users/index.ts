import type { Kernel } from '../../kernel/Kernel.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Authenticate } from '../../http/authenticate.js';
import { AccessRepository, AccessService } from '../../http/access/index.js';
import {
  UserAccountService,
  type FanControllerIdsOf,
  type NewsOf,
  type PreferencesUpdater,
  type StationConfOf,
} from './userAccount.service.js';
import { UserRepository } from './user.repository.js';
import { userRoutes } from './users.routes.js';

export type { UserRow } from './user.repository.js';
export { UserRepository } from './user.repository.js';
export { presentPlans, presentService, presentSessionInfo } from './user.presenter.js';

/**
 * Who is calling and whose data they may touch: the access rules every other feature asks. Built
 * first, from the kernel alone; its routes come with the users feature below.
 */
export function accessFeature(kernel: Kernel) {
  const users = new UserRepository(kernel.store.db);
  return defineFeature({
    name: 'access',
    exports: { users, access: new AccessService(new AccessRepository(kernel.store.db)) },
  });
}

/** User info and preferences: /client/userInfo and /client/uiPrefs. */
export function usersFeature(
  kernel: Kernel,
  deps: {
    users: UserRepository;
    access: AccessService;
    authenticate: Authenticate;
    preferences: PreferencesUpdater;
    /** FC_IDs of the user info: the fans feature's, built after this one. */
    fcIdsOf?: FanControllerIdsOf;
    /** The news of the user info: the notifications feature's, built after this one. */
    newsOf?: NewsOf;
    /** The stations' configurations of getUserInfoAndConf: the base-stations feature's, built after this one. */
    confOf?: StationConfOf;
  },
) {
  const accounts = new UserAccountService(
    deps.users,
    deps.access,
    deps.preferences,
    kernel.nowS,
    deps.fcIdsOf,
    deps.newsOf,
    deps.confOf,
  );
  return defineFeature({
    name: 'users',
    routes: userRoutes({ authenticate: deps.authenticate, accounts }),
    exports: {},
  });
}
