import { lazy, type ComponentType } from 'react';
import type { Storage } from '@emberwatch/shared';

/**
 * The hay-quality mode's content (spec doc 3 §2 mode 4), which the quality feature provides
 * (apps/web/src/features/quality), loaded when the mode is first shown. `null` would make mode 4 say
 * that the view is not available.
 */
export const StorageQualityView: ComponentType<{ storage: Storage }> | null = lazy(() =>
  import('../quality').then((m) => ({ default: m.StorageQualityView })),
);
