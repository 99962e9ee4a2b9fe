import { compareNames } from '@emberwatch/shared/domain/compareNames';
import { alertMessagingOff, type Storage } from '@emberwatch/shared/contracts/storages';
import { placedProbeIds } from '@emberwatch/shared/domain/storageLayout/placedProbeIds';
import {
  storageHottestProbe,
  type StorageHottestProbe,
  type StorageReading,
} from '@emberwatch/shared/domain/storageLayout/storageTemperature';

/** Spec doc 3 §2 "Storage status texts": the one a list entry shows, most pressing first. */
export type StorageStatus = 'noProbes' | 'noMonitor' | 'siteNotSpecified' | null;

export interface StorageListRow {
  storage: Storage;
  /**
   * The hottest recent depth of its placed probes (the storage temperature, tenths of °C) and the probe
   * and depth it is at; null without a recent reading.
   */
  hottest: StorageHottestProbe | null;
  status: StorageStatus;
  /** Its station is not the current one (nor grouped with it). */
  otherStation: boolean;
  /** It lists a probe the account no longer has (e.g. moved to another account). */
  probesMissing: boolean;
  /**
   * Spec doc 3 §2 "A disabled-alerts icon shows when messaging is off": no channel would reach
   * anyone (the shared alertMessagingOff: a channel on with nobody chosen counts as off).
   */
  alertsOff: boolean;
  /** Spec doc 3 §2: greyed when not on the current base station or probes are missing. */
  greyed: boolean;
}

export interface StorageListContext {
  nowS: number;
  /** The current station and the stations grouped with it. */
  currentStationIds: readonly string[];
  /** The latest readings of the stations the storages are on. */
  readings: readonly StorageReading[];
  /** The account's probes; null while unknown, when no storage counts as missing probes. */
  accountProbeIds: ReadonlySet<string> | null;
  /**
   * The storages nobody has placed on their site plan yet ('Site not specified'); absent when the
   * user has no site plan or it is still loading, when no storage says so.
   */
  unplacedStorageIds?: ReadonlySet<number>;
}

/** Every probe a storage lists, placed or in the bin. */
export function listedProbeIds(storage: Pick<Storage, 'sensor_layout' | 'stacks'>): string[] {
  const sensors = [...(storage.sensor_layout?.sensors ?? []), ...storage.stacks.flatMap((s) => s.sensors)];
  return [...new Set(sensors.map((s) => s.id))];
}

/**
 * The storage list (spec doc 3 §2 "Storage list"): sorted by name, each storage with its storage
 * temperature (doc 3 §9, the maximum recent one of its placed probes) and where it is, its status text
 * and whether it is greyed out.
 */
export function storageListRows(storages: readonly Storage[], ctx: StorageListContext): StorageListRow[] {
  const current = new Set(ctx.currentStationIds);
  return storages
    .toSorted((a, b) => compareNames(a.name, b.name))
    .map((storage) => {
      const listed = listedProbeIds(storage);
      const probeIds = placedProbeIds({ sensorLayout: storage.sensor_layout, stacks: storage.stacks });
      const otherStation = !current.has(storage.BS_ID);
      const known = ctx.accountProbeIds;
      const probesMissing = known !== null && listed.some((id) => !known.has(id));
      const status: StorageStatus =
        listed.length === 0
          ? 'noProbes'
          : storage.monitor === null
            ? 'noMonitor'
            : ctx.unplacedStorageIds?.has(storage.itemID)
              ? 'siteNotSpecified'
              : null;
      return {
        storage,
        hottest: storageHottestProbe({ nowS: ctx.nowS }, ctx.readings, { probeIds }),
        status,
        otherStation,
        probesMissing,
        alertsOff: alertMessagingOff(storage.alertMessaging),
        greyed: otherStation || probesMissing,
      };
    });
}
