import { describe, expect, it } from 'vitest';
import { sameLayoutTabProps } from '../src/features/storages/StorageLayoutTab';
import { storage } from './support/fixtures';

// The storage page is drawn again right after it is taken over; the layout tab (a cell per probe) is
// drawn again only when something it shows changed. The page computes the modes and the plan's settings
// anew on each render: each prop counts as the same when it is identical or made anew with identical
// entries.

const shown = storage({ itemID: 5 });
const onDirtyChange = () => undefined;
const base = {
  storage: shown,
  editable: true,
  onDirtyChange,
  modes: [1, 4] as const,
  initialMode: 1 as const,
  startEditing: false,
  layoutSettings: { segment: 2 as number | null },
};

describe('whether the layout tab is drawn again', () => {
  it.each([
    [
      'the same props, with the modes and the settings made anew',
      { modes: [1, 4] as const, layoutSettings: { segment: 2 } },
      true,
    ],
    ['another storage object (a read brought a change)', { storage: storage({ itemID: 5 }) }, false],
    ['the storage made anew with the same entries', { storage: { ...shown } }, true],
    ['another mode shown', { modes: [1, 4, 5] as const }, false],
    ['the modes in another order', { modes: [4, 1] as const }, false],
    ['another plan segment', { layoutSettings: { segment: null } }, false],
    ['no longer editable', { editable: false }, false],
    ['opened in another mode', { initialMode: 4 as const }, false],
    ['opened in the editor', { startEditing: true }, false],
    ['another dirty listener', { onDirtyChange: () => undefined }, false],
  ])('%s', (_, change, same) => {
    expect(sameLayoutTabProps(base, { ...base, ...change })).toBe(same);
  });
});
