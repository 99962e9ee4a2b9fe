import type { ComponentType } from 'react';
import type { Storage } from '@emberwatch/shared';

/**
 * The hay-quality mode's content (spec doc 3 §2 mode 4), which the quality feature provides. The
 * quality feature (apps/web/src/features/quality) does not exist yet: when it exports its storage
 * view, this one line becomes a lazy import of it, e.g.
 *   lazy(() => import('../quality').then((m) => ({ default: m.StorageQualityView })))
 * Until then mode 4 says that the view is not available.
 */
export const StorageQualityView: ComponentType<{ storage: Storage }> | null = null;
