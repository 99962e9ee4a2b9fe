import type { Authenticate } from '../../http/authenticate.js';
import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import type { AccessService } from '../../http/access/index.js';
import { TranslationRepository } from './translation.repository.js';
import { TranslationService } from './translation.service.js';
import { translationRoutes } from './translations.routes.js';
export * from './serverTextCatalog.js';
export { recipientLanguage, type MessageTexts } from './recipientLanguage.js';

/** Translations in the store, seeded from the bundled locale files; the spec's four calls. */
export function translationsFeature(
  kernel: Kernel,
  deps: { access: AccessService; authenticate: Authenticate },
) {
  const service = new TranslationService(
    new TranslationRepository(kernel.store.db, kernel.store.engine),
    deps.access,
    kernel.nowS,
    kernel.store.engine,
  );
  return defineFeature({
    name: 'translations',
    routes: translationRoutes({ authenticate: deps.authenticate }, service),
    // Bundled locale texts → store at a start whose build or schema is new to the store (decision 0163);
    // texts a translator saved are never overwritten.
    start: async () => {
      await service.seed();
    },
    exports: {},
  });
}
