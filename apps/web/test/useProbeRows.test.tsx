import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useProbeRows } from '../src/features/probes/useProbeRows';
import { stationReads } from './support/stationReads';

// Decision 0173: a read that brings nothing new (as after the push socket's first `ready`) keeps the
// rows as they were, so the list is not drawn again; a read with something new makes new rows.

describe('the probe rows across reads', () => {
  it('stay the same rows when a read brings the same readings (the server clock apart), and change when it brings others', async () => {
    const { wrapper, read, reads } = stationReads('Probe');
    const hook = renderHook(() => useProbeRows(['F1']), { wrapper });
    const first = hook.result.current.rows;
    expect(first).toHaveLength(1);
    // Read again: the same readings in a new answer, at a later server clock, as from the network.
    await read(41.2);
    expect(reads()).toBe(2);
    expect(hook.result.current.rows).toBe(first);
    await read(43.0);
    expect(hook.result.current.rows).not.toBe(first);
    expect(hook.result.current.rows[0]?.temperatures).toEqual([430]);
  });
});
