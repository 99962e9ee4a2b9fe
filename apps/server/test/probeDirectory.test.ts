import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import type { IngestRepository } from '../src/features/ingest/ingest.repository.js';
import { ProbeDirectory, type HeardPacket } from '../src/features/ingest/probeDirectory.js';

/** The store as the directory reads it: stations A1 and A2 of account 1, B1 of account 2. */
function fakeRepo() {
  const probes = new Map([
    ['P1', { sensor_id: 'P1', bs_id: 'A1', real_bs: 'A1', owner_user_id: 1 }],
    ['P2', { sensor_id: 'P2', bs_id: 'A1', real_bs: 'A1', owner_user_id: 1 }],
    ['Q1', { sensor_id: 'Q1', bs_id: 'B1', real_bs: 'B1', owner_user_id: 2 }],
  ]);
  const accounts = new Map([
    ['A1', 1],
    ['A2', 1],
    ['B1', 2],
  ]);
  const repo = {
    findStationAccounts: (_: unknown, ids: string[]) =>
      Promise.resolve(
        new Map(ids.flatMap((id) => (accounts.has(id) ? [[id, accounts.get(id) as number]] : []))),
      ),
    findProbes: (_: unknown, ids: string[]) => Promise.resolve(ids.flatMap((id) => probes.get(id) ?? [])),
    lockStations: () => Promise.resolve(),
    countProbes: (_: unknown, ids: string[]) => Promise.resolve(new Map(ids.map((id) => [id, 0]))),
    insertProbes: () => Promise.resolve(),
    setRealBs: () => Promise.resolve(),
  };
  return repo as unknown as IngestRepository;
}

const packet = (bsId: string, ...probes: string[]): HeardPacket => ({
  bsId,
  receivedTs: 1_000,
  probes: new Map(probes.map((p) => [p, 1])),
});
const trx = {} as Transaction<Database>;

/** A directory that has committed one packet of A1 naming P1 and P2, and one of B1 naming Q1. */
async function warmed(): Promise<ProbeDirectory> {
  const directory = new ProbeDirectory();
  const repo = fakeRepo();
  (await directory.resolve(trx, repo, [packet('A1', 'P1', 'P2'), packet('B1', 'Q1')])).commit();
  return directory;
}

describe('the probe directory without the store (resolveCached)', () => {
  it.each<[string, HeardPacket[], 'settled' | 'store', string[][]]>([
    ['cached probes heard by their own station', [packet('A1', 'P1', 'P2')], 'settled', [[]]],
    ['two packets of the station', [packet('A1', 'P1'), packet('A1', 'P2')], 'settled', [[], []]],
    ['a probe of another account, refused', [packet('A1', 'P1', 'Q1')], 'settled', [['Q1:foreign_probe']]],
    ['a probe never seen', [packet('A1', 'P1', 'P9')], 'store', []],
    ['a station not cached', [packet('A2', 'P1')], 'store', []],
    [
      'heard by another station of the account',
      [packet('A1', 'P1'), packet('B1', 'Q1'), packet('A1', 'P2')],
      'settled',
      [[], [], []],
    ],
  ])('%s', async (_, heard, expected, refusals) => {
    const directory = await warmed();
    const resolution = directory.resolveCached(heard);
    expect(resolution === undefined ? 'store' : 'settled').toBe(expected);
    // What the ingest service guesses, packet by packet, before it takes a batch (decision 0148).
    expect(heard.every((p) => directory.settled(p)) ? 'settled' : 'store').toBe(expected);
    if (resolution)
      expect(resolution.refused.map((r) => [...r].map(([id, why]) => `${id}:${why}`))).toEqual(refusals);
  });

  it('sends a probe moving to another station of its account to the store', async () => {
    const directory = await warmed();
    // A2 is cached once it has sent a packet of its own.
    (await directory.resolve(trx, fakeRepo(), [packet('A2')])).commit();
    expect(directory.resolveCached([packet('A2')])).toBeDefined();
    expect(directory.resolveCached([packet('A2', 'P1')])).toBeUndefined();
    expect(directory.settled(packet('A2', 'P1'))).toBe(false);
    expect(directory.resolveCached([packet('A1', 'P1')])).toBeDefined();
    expect(directory.settled(packet('A1', 'P1'))).toBe(true);
  });

  it('guesses a packet unsettled once its station or a probe is no longer trusted', async () => {
    const directory = await warmed();
    const later = Date.now() + 5 * 60_000 + 1;
    expect(directory.settled(packet('A1', 'P1'), later)).toBe(false);
    expect(directory.settled(packet('A1'), later)).toBe(false);
    directory.forget(['P2']);
    expect(directory.settled(packet('A1', 'P1'))).toBe(true);
    expect(directory.settled(packet('A1', 'P1', 'P2'))).toBe(false);
  });

  it('sends forgotten probes to the store', async () => {
    const directory = await warmed();
    directory.forget(['P2']);
    expect(directory.resolveCached([packet('A1', 'P1')])).toBeDefined();
    expect(directory.resolveCached([packet('A1', 'P2')])).toBeUndefined();
  });
});
