import { describe, expect, it } from 'vitest';
import { PendingStations } from '../src/features/firmware/pendingStations.js';

/**
 * The station route asks, for every packet, whether the station has a pending update: the set is
 * read from the store at most every 5 s (another instance's assignments), once for every packet that
 * finds it old at once, and this instance's own changes apply at once.
 */
describe('the stations with a pending update, in memory', () => {
  function setUp(stored: string[]) {
    let ms = 0;
    let loads = 0;
    const set = new PendingStations(
      () => {
        loads++;
        return Promise.resolve([...stored]);
      },
      () => ms,
    );
    return { set, stored, advance: (by: number) => (ms += by), loads: () => loads };
  }

  it('reads the store once for packets that ask at the same time, then not until 5 s have passed', async () => {
    const s = setUp(['F1']);
    expect(await Promise.all([s.set.has('F1'), s.set.has('F2'), s.set.has('F1')])).toEqual([
      true,
      false,
      true,
    ]);
    expect(s.loads()).toBe(1);
    // Another instance assigns F2: seen after the reload, not before.
    s.stored.push('F2');
    s.advance(4_000);
    expect(await s.set.has('F2')).toBe(false);
    s.advance(1_001);
    expect(await s.set.has('F2')).toBe(true);
    expect(s.loads()).toBe(2);
  });

  it('takes this instance’s own assignments and ends at once', async () => {
    const s = setUp([]);
    expect(await s.set.has('F1')).toBe(false);
    s.set.add('F1');
    expect(await s.set.has('F1')).toBe(true);
    s.set.delete('F1');
    expect(await s.set.has('F1')).toBe(false);
    expect(s.loads()).toBe(1);
  });
});
