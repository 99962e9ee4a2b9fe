import type { AccessService } from '../../http/access/index.js';
import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { GariMigrationRepository, type ConfirmedPhoneRecorder } from './gariMigration.repository.js';
import { gariMigrationRoutes } from './gariMigration.routes.js';
import { GariMigrationService, type GariCodeSender, type GariPasswords } from './gariMigration.service.js';
import type { MessageTexts } from '../translations/index.js';
import { gariMigrationDb } from './gariMigration.tables.js';

/**
 * The migration from the older Gari system (issue 31 item 6, decision 0102): the username and
 * migration checks of an uploaded export, the migration of one account in one transaction, and the
 * phone confirmed by a code sent through the delivery outbox. The account's state feeds the top bar's
 * "account migrated" badge.
 */
export function gariMigrationFeature(
  kernel: Kernel,
  deps: MessageTexts & {
    access: AccessService;
    authenticate: Authenticate;
    passwords: GariPasswords;
    /** The delivery feature's sendCode: an SMS through the outbox. */
    sendCode: GariCodeSender;
    /** The account feature's record of a confirmed phone number. */
    recordConfirmedPhone: ConfirmedPhoneRecorder;
  },
) {
  const migrations = new GariMigrationService(
    new GariMigrationRepository(gariMigrationDb(kernel.store.db), deps.recordConfirmedPhone),
    deps.access,
    deps.passwords,
    deps.sendCode,
    kernel.config.jwtSecret,
    kernel.nowS,
    deps,
  );
  return defineFeature({
    name: 'gari-migration',
    routes: gariMigrationRoutes({ authenticate: deps.authenticate, migrations }),
    exports: {},
  });
}
