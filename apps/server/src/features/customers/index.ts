import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { ServerTextCatalog } from '../translations/index.js';
import { CustomersRepository } from './customers.repository.js';
import { customersRoutes } from './customers.routes.js';
import { CustomersService } from './customers.service.js';
import { firstLoginMail, type SendEmail } from './firstLoginMail.js';

export { seedDemoLocations } from './seedDemoLocations.js';

/**
 * The operator console's customers (issue 31 item 1, decision 0098): the customer lists with the
 * hay-app option, the masters, the migrated, the map of their locations (tiles from MAP_TILE_URL),
 * one customer's facts, and accounts registered by staff whose first login is e-mailed through the
 * delivery outbox.
 */
export function customersFeature(
  kernel: Kernel,
  deps: {
    authenticate: Authenticate;
    sendEmail: SendEmail;
    /** The server texts the first-login e-mail is worded with (decision 0107). */
    serverTexts: Pick<ServerTextCatalog, 'texts'>;
  },
) {
  const customers = new CustomersService(
    new CustomersRepository(kernel.store.db),
    firstLoginMail(deps.sendEmail, kernel.config.delivery.publicUrl, () => deps.serverTexts.texts()),
    kernel.config.mapTileUrl,
    kernel.nowS,
  );
  const tiles = kernel.config.mapTileUrl;
  return defineFeature({
    name: 'customers',
    routes: customersRoutes({ authenticate: deps.authenticate, customers }),
    // The map's tiles come from the configured server: the page's policy lets its images in.
    contentSources: () => (tiles ? { imgSrc: [new URL(tiles.replace(/\{[zxy]\}/g, '0')).origin] } : {}),
    exports: {},
  });
}
