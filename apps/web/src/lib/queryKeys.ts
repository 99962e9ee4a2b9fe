/**
 * TanStack Query keys in one place, so the realtime bridge invalidates exactly what the pages read.
 * Per-station keys carry the station id: changing station shows that station's data, never a mix.
 */
export const queryKeys = {
  session: ['session'] as const,
  /** Every account's user info (a prefix of userInfo's keys), to reload them all. */
  allUserInfo: ['userInfo'] as const,
  userInfo: (uid: number) => ['userInfo', uid] as const,
  basestations: ['basestations'] as const,
  bsConf: (bsId: string) => ['bsConf', bsId] as const,
  data: (bsId: string) => ['data', bsId] as const,
  /** A probe detail's reads that end at now (its chart, its year overview): they follow newData. */
  liveProbeData: (bsId: string) => ['liveProbeData', bsId] as const,
  /** Every account's storages (a prefix of storages' keys), to reload them all after a change. */
  allStorages: ['storages'] as const,
  storages: (uid: number) => ['storages', uid] as const,
  /** The site plans of an account, one per base station. */
  sites: (uid: number) => ['sites', uid] as const,
  /** Hay quality of one storage over one period (each period its own entry). */
  quality: (itemID: number, period: string) => ['quality', itemID, period] as const,
  /** The /quality page's storages of an account. */
  qualityOverview: (uid: number) => ['qualityOverview', uid] as const,
  /** Every account's monitors (a prefix of monitors' keys), to reload them all after a change. */
  allMonitors: ['monitors'] as const,
  monitors: (uid: number) => ['monitors', uid] as const,
  /** A storage's alert logbook: under the monitors' prefix, so whatever reloads alerts reloads it. */
  storageLogbook: (uid: number, itemID: number) => ['monitors', uid, 'logbook', itemID] as const,
};
