import { describe, expect, it } from 'vitest';
import {
  gariAccountOf,
  parseGariExport,
  type GariAccount,
} from '../../src/domain/gariMigration/gariExport.js';
import {
  accountProblems,
  gariIdCounts,
  gariUsernameStatus,
  mayConfirmGariPhone,
  planGariMigration,
  type GariWorld,
} from '../../src/domain/gariMigration/gariMigrationPlan.js';

const account = (over: Partial<GariAccount> = {}): GariAccount => ({
  gari_id: 'GA-1',
  username: 'niemi.farm',
  name: 'Matti Niemi',
  company: 'Niemi Farm',
  phone: '+358 40 123 4567',
  email: 'matti@niemi.example',
  language: 'fi',
  stations: [
    {
      id: 'G7000001',
      name: 'Barn',
      probes: [
        { id: 'H70001', name: 'Bale 1', material: 'hay', depths: 3 },
        { id: 'H70002', name: 'Bale 2', material: 'hay', depths: 3 },
      ],
    },
  ],
  ...over,
});

const empty: GariWorld = { user: null, migratedTo: null, stationOwners: {}, probeStations: {} };

describe('reading an export file', () => {
  it.each([
    ['not json', '{', 'notJson'],
    ['an array', '[]', 'notGariExport'],
    ['another format', '{"format":"csv","version":1,"accounts":[{}]}', 'notGariExport'],
    ['version 2', '{"format":"gari-export","version":2,"accounts":[{}]}', 'version'],
    ['no accounts', '{"format":"gari-export","version":1,"accounts":[]}', 'noAccounts'],
    ['accounts not a list', '{"format":"gari-export","version":1,"accounts":{}}', 'noAccounts'],
  ])('%s: %s', (_what, content, problem) => {
    expect(parseGariExport(content)).toEqual({ ok: false, problem });
  });

  it('reads accounts, ids written as numbers as text, missing fields empty, a BOM ignored', () => {
    const parsed = parseGariExport(
      '\uFEFF' +
        JSON.stringify({
          format: 'gari-export',
          version: 1,
          exported: '2026-11-20T08:00:00Z',
          accounts: [{ gari_id: 1001, username: ' a.b ', stations: [{ id: 'G1', probes: [{ id: 'H1' }] }] }],
        }),
    );
    expect(parsed).toEqual({
      ok: true,
      exported: '2026-11-20T08:00:00Z',
      accounts: [
        {
          gari_id: '1001',
          username: 'a.b',
          name: '',
          company: '',
          phone: '',
          email: '',
          language: 'en',
          stations: [{ id: 'G1', name: '', probes: [{ id: 'H1', name: '', material: 'hay', depths: 3 }] }],
        },
      ],
    });
  });

  it('takes anything in an account slot without throwing', () => {
    expect(gariAccountOf(null).stations).toEqual([]);
    expect(gariAccountOf({ stations: [null, 3] }).stations).toHaveLength(2);
  });
});

describe('an account by itself', () => {
  const G = 'G7000001';
  it.each<[string, Partial<GariAccount>, string[]]>([
    ['a good account', {}, []],
    ['no gari_id', { gari_id: '' }, ['gariIdMissing']],
    ['a bad username', { username: 'ab' }, ['usernameInvalid']],
    ['no name nor company', { name: '', company: '' }, ['nameMissing']],
    ['a company only', { name: '' }, []],
    ['no phone', { phone: '' }, ['phoneInvalid']],
    ['a short phone', { phone: '12345' }, ['phoneInvalid']],
    ['letters in the phone', { phone: '+358 40 ABC 4567' }, ['phoneInvalid']],
    ['a bad e-mail', { email: 'matti@' }, ['emailInvalid']],
    ['no e-mail', { email: '' }, []],
    ['an unknown language', { language: 'sv' }, ['languageUnknown']],
    ['no stations', { stations: [] }, ['noStations']],
    ['a bad station id', { stations: [{ id: 'G 1', name: '', probes: [] }] }, ['stationIdInvalid:G 1']],
    [
      'a station twice',
      {
        stations: [
          { id: G, name: '', probes: [] },
          { id: G, name: '', probes: [] },
        ],
      },
      [`stationDuplicate:${G}`],
    ],
    [
      'a probe twice, a bad probe id, a bad material and depths',
      {
        stations: [
          {
            id: G,
            name: '',
            probes: [
              { id: 'H1', name: '', material: 'hay', depths: 3 },
              { id: 'H1', name: '', material: 'hay', depths: 3 },
              { id: 'h2', name: '', material: 'hay', depths: 3 },
              { id: 'H3', name: '', material: 'straw' as 'hay', depths: 3 },
              { id: 'H4', name: '', material: 'grain', depths: 9 },
            ],
          },
        ],
      },
      ['probeDuplicate:H1', 'probeIdInvalid:h2', 'materialUnknown:H3', 'depthsInvalid:H4'],
    ],
  ])('%s: %j', (_what, over, expected) => {
    const got = accountProblems(account(over)).map((p) => (p.subject ? `${p.code}:${p.subject}` : p.code));
    expect(got).toEqual(expected);
  });

  it('names a gari_id used twice in the file', () => {
    const counts = gariIdCounts([account(), account(), account({ gari_id: 'GA-2' })]);
    expect(counts.get('GA-1')).toBe(2);
    expect(accountProblems(account(), counts.get('GA-1')).map((p) => p.code)).toEqual(['gariIdDuplicate']);
  });
});

describe('whose the username is', () => {
  it.each([
    ['nobody has it', null, null, 'free'],
    ['a Gari user not moved in yet', { id: 7, partnerApp: 'gari', migratedGariId: null }, null, 'gari'],
    [
      'a Gari user this account moved into',
      { id: 7, partnerApp: 'gari', migratedGariId: 'GA-1' },
      null,
      'gari',
    ],
    [
      'a Gari user another account moved into',
      { id: 7, partnerApp: 'gari', migratedGariId: 'GA-9' },
      null,
      'taken',
    ],
    ['a main-system account', { id: 7, partnerApp: null, migratedGariId: null }, null, 'taken'],
    ['a hay-app account', { id: 7, partnerApp: 'haytech', migratedGariId: null }, null, 'taken'],
    ['this account was moved in already', null, { userId: 7, username: 'x' }, 'migrated'],
  ] as const)('%s: %s', (_what, user, migratedTo, status) => {
    expect(gariUsernameStatus('GA-1', user, migratedTo)).toBe(status);
  });
});

describe('the plan of a migration', () => {
  it('creates everything for a free username, with the phone as stored', () => {
    expect(planGariMigration(account(), empty)).toEqual({
      usernameStatus: 'free',
      targetUserId: null,
      stationsNew: ['G7000001'],
      stationsKept: [],
      probesNew: ['H70001', 'H70002'],
      probesKept: [],
      phone: '+358401234567',
      problems: [],
    });
  });

  it.each<[string, Partial<GariWorld>, object]>([
    [
      'a second time: everything kept, nothing new',
      {
        migratedTo: { userId: 7, username: 'niemi.farm' },
        stationOwners: { G7000001: 7 },
        probeStations: { H70001: 'G7000001', H70002: 'G7000001' },
      },
      { usernameStatus: 'migrated', targetUserId: 7, stationsNew: [], probesNew: [], problems: [] },
    ],
    [
      'into a Gari user that has the station already',
      {
        user: { id: 7, partnerApp: 'gari', migratedGariId: null },
        stationOwners: { G7000001: 7 },
        probeStations: { H70001: 'G7000001' },
      },
      {
        usernameStatus: 'gari',
        targetUserId: 7,
        stationsKept: ['G7000001'],
        probesKept: ['H70001'],
        probesNew: ['H70002'],
        problems: [],
      },
    ],
    [
      'a username of a main-system account',
      { user: { id: 3, partnerApp: null, migratedGariId: null } },
      { usernameStatus: 'taken', problems: [{ code: 'usernameTaken', subject: null }] },
    ],
    [
      'a station of another account',
      { stationOwners: { G7000001: 3 } },
      { stationsNew: [], problems: [{ code: 'stationTaken', subject: 'G7000001' }] },
    ],
    [
      'a probe on another station',
      { probeStations: { H70002: 'F1000001' } },
      { probesNew: ['H70001'], problems: [{ code: 'probeTaken', subject: 'H70002' }] },
    ],
  ])('%s', (_what, world, expected) => {
    expect(planGariMigration(account(), { ...empty, ...world })).toMatchObject(expected);
  });
});

describe('the phone code', () => {
  it.each([
    [null, 'notMigrated'],
    ['started', 'notMigrated'],
    ['completed', 'ok'],
    ['phoneConfirmed', 'confirmed'],
  ] as const)('in state %s: %s', (state, verdict) => {
    expect(mayConfirmGariPhone(state)).toBe(verdict);
  });
});
