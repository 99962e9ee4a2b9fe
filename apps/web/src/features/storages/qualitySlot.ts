import { drawnPart } from '../../lib/lazyWithPreload';

/**
 * The hay-quality mode's content (spec doc 3 §2 mode 4), which the quality feature provides: its
 * storage view, loaded when the mode is first shown so that the layout view does not carry it.
 */
export const StorageQualityView = drawnPart('StorageQualityView', () =>
  import('../quality').then((m) => ({ default: m.StorageQualityView })),
);
