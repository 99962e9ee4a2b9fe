import { defineFeature } from '../../kernel/FeatureModule.js';
import type { Kernel } from '../../kernel/Kernel.js';
import { PreferencesRepository } from './preferences.repository.js';
import { PreferencesService } from './preferences.service.js';

export type { PreferencesService } from './preferences.service.js';

/** ui_preferences with the spec's defaults; read by sessions, saved through the users feature. */
export function preferencesFeature(kernel: Kernel) {
  return defineFeature({
    name: 'preferences',
    exports: { preferences: new PreferencesService(new PreferencesRepository(kernel.store.db), kernel.nowS) },
  });
}
