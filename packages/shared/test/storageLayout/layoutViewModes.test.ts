import { describe, expect, it } from 'vitest';
import {
  initialLayoutMode,
  isLayoutModeVisible,
  mayViewHayQuality,
  visibleLayoutModes,
  type LayoutModeContext,
} from '../../src/domain/storageLayout/layoutViewModes.js';

const NOW = 1_800_000_000;
const user: LayoutModeContext = {
  admin: false,
  master: false,
  service: null,
  stacks: false,
  mayEdit: true,
  hayLoadsEnabled: false,
  nowS: NOW,
};
const service = { trial: 0, expDate: null };

// Spec doc 3 §2 modes table and §6: 2 only if enabled, 3 the stack editor (hidden from read-only
// masters), 4 for a valid paid or trial service (admins always), 5-8 for admins who are not masters.
describe('visibleLayoutModes', () => {
  it.each([
    ['a plain user of a rows storage', {}, [1]],
    ['a plain user of a stacks storage', { stacks: true }, [1, 3]],
    ['a read-only master of a stacks storage', { stacks: true, master: true, mayEdit: false }, [1]],
    ['a user with a paid service', { service }, [1, 4]],
    ['a user in trial', { service: { trial: 1, expDate: NOW + 60 } }, [1, 4]],
    ['a refused trial', { service: { trial: -1, expDate: null } }, [1]],
    ['an expired service', { service: { trial: 0, expDate: NOW - 1 } }, [1]],
    ['hay management switched on', { hayLoadsEnabled: true }, [1, 2]],
    ['an admin', { admin: true }, [1, 4, 5, 6, 7, 8]],
    ['an admin of a stacks storage', { admin: true, stacks: true }, [1, 3, 4, 5, 6, 7, 8]],
    ['an admin who is a master', { admin: true, master: true, mayEdit: false }, [1, 4]],
  ] as const)('%s', (_name, ctx, modes) => {
    expect(visibleLayoutModes({ ...user, ...ctx })).toEqual(modes);
  });
});

describe('mayViewHayQuality', () => {
  it.each([
    [{ admin: true, service: null }, true],
    [{ admin: false, service: null }, false],
    [{ admin: false, service: { trial: 0, expDate: NOW } }, false],
    [{ admin: false, service: { trial: 0, expDate: NOW + 1 } }, true],
  ] as const)('%j → %s', (ctx, expected) => {
    expect(mayViewHayQuality({ ...ctx, nowS: NOW })).toBe(expected);
  });
});

// Spec doc 3 §2: /storages/{id}/quality opens mode 4, /storages/{id}/edit mode 3; a mode the user
// may not see falls back to temperatures.
describe('initialLayoutMode', () => {
  it.each([
    [4, { service }, 4],
    [4, {}, 1],
    [3, { stacks: true }, 3],
    [3, { stacks: true, mayEdit: false }, 1],
    [5, { admin: true }, 5],
    [5, {}, 1],
  ] as const)('mode %i for %j → %i', (requested, ctx, expected) => {
    expect(initialLayoutMode(requested, { ...user, ...ctx })).toBe(expected);
    expect(isLayoutModeVisible(expected, { ...user, ...ctx })).toBe(true);
  });
});
