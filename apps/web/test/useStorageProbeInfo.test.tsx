import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useStorageProbeInfo } from '../src/features/storages/useStorageProbeInfo';
import { stationReads } from './support/stationReads';

// A storage's layout is drawn from this lookup: a read that brings the same readings (as the push
// socket's first `ready` does right after a drawn storage is taken over) keeps it, so the layout is not
// drawn again; a read with a new reading makes a new one.

describe("a storage's probe lookup across reads", () => {
  it('stays the same when a read brings the same readings at a later server clock, and changes with a new reading', async () => {
    const { wrapper, read, reads } = stationReads('North end');
    const hook = renderHook(() => useStorageProbeInfo('F1'), { wrapper });
    const first = hook.result.current.lookup;
    expect(first('H-001').name).toBe('North end');
    await read(41.2);
    expect(reads()).toBe(2);
    expect(hook.result.current.lookup).toBe(first);
    await read(43.0);
    expect(hook.result.current.lookup).not.toBe(first);
    expect(hook.result.current.lookup('H-001').temperatures).toEqual([430]);
  });
});
