import {
  DEFAULT_STACK_HEIGHT,
  type LayoutSensor,
  type Stack,
} from '@emberwatch/shared/contracts/storageLayout';
import type { StorageInput } from '@emberwatch/shared/contracts/storages';
import { defaultStack } from '@emberwatch/shared/domain/storageLayout/defaultStack';
import { defaultLayoutPrefs } from '@emberwatch/shared/domain/storageLayout/layoutSliders';
import { demoProbeIds, type DemoAccount, type DemoStation } from './demoAccounts.js';

/** A demo storage: what a user would save, for one of the account's stations. */
export type DemoStorage = Omit<StorageInput, 'itemID'>;

const ROWS = 1;
const FLOORS = 2;
const STACKS = 3;

/** Groups of `size` in order: probes 0–3 are stack 1, 4–7 stack 2 … as demoProbeName names them. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const at = (id: string, row: number, column: number, floor = 0): LayoutSensor => ({ id, row, column, floor });

function storage(
  station: DemoStation,
  fields: Pick<DemoStorage, 'name' | 'type' | 'capacity' | 'layoutType' | 'sensor_layout' | 'stacks'>,
): DemoStorage {
  const layout = fields.layoutType === STACKS ? 'stacks' : fields.layoutType === FLOORS ? 'floors' : 'rows';
  return {
    ...fields,
    BS_ID: station.id,
    monitor: null,
    layout_prefs: defaultLayoutPrefs({ layout }),
    alertMessaging: null,
    qualityPeriod: null,
  };
}

/**
 * Where a stack's probes go: a 2 × 2 block of neighbouring bales in its middle row, on the second and
 * third floor. The simulator heats each hay probe in its own episodes (apps/simulator hayModel: a
 * rise to 51–69 °C at the core, weeks of cooling); with a stack's probes side by side, the bales that
 * heat form one patch of the stack rather than dots scattered over the barn.
 */
const STACK_BALES: readonly [row: number, column: number, floor: number][] = [
  [1, 2, 1],
  [1, 3, 1],
  [1, 2, 2],
  [1, 3, 2],
];

/**
 * A barn of stacks (layoutType 3): one stack per named group of four probes ("Stack 2 · bale 3"),
 * each the default 6 × 3 stack with piles of 4; a last stack of fewer probes is a smaller one,
 * still being built (4 × 3, piles of 3).
 */
function hayBarn(station: DemoStation, name: string, type: string, capacity: number): DemoStorage {
  const stacks: Stack[] = chunks(demoProbeIds(station), STACK_BALES.length).map((ids, index) => {
    const full = ids.length === STACK_BALES.length;
    const base = defaultStack(index);
    const stack: Stack = full
      ? base
      : {
          ...base,
          nColumns: 4,
          piles: base.piles.filter((p) => p.c < 4).map((p) => ({ ...p, h: DEFAULT_STACK_HEIGHT - 1 })),
        };
    return {
      ...stack,
      sensors: ids.map((id, i) => {
        const [row, column, floor] = STACK_BALES[i] as [number, number, number];
        return at(id, row, column, floor);
      }),
    };
  });
  return storage(station, { name, type, capacity, layoutType: STACKS, sensor_layout: null, stacks });
}

/**
 * Grain bins of two cables each ("Bin 3 · cable 2"): one storage per bin, a row of its two cables
 * (each cable measures at four depths, so the row is a 2D top view of the bin).
 */
function grainBins(station: DemoStation, prefix: string, type: string, capacity: number): DemoStorage[] {
  return chunks(demoProbeIds(station), 2).map((ids, i) =>
    storage(station, {
      name: `Bin ${prefix}${i + 1}`,
      type,
      capacity,
      layoutType: ROWS,
      sensor_layout: {
        rows: [{ index: 0, rowLength: 2 }],
        floors: 1,
        sensors: ids.map((id, column) => at(id, 0, column)),
      },
      stacks: [],
    }),
  );
}

/**
 * A flat store: a deep pile with probes pushed in at two levels, so a floors layout (layoutType 2) of
 * two floors, each two rows of two probes; the lower four probes are floor 0.
 */
function flatStore(station: DemoStation, name: string, type: string, capacity: number): DemoStorage {
  const ids = demoProbeIds(station);
  const perFloor = Math.ceil(ids.length / 2);
  const columns = Math.ceil(perFloor / 2);
  return storage(station, {
    name,
    type,
    capacity,
    layoutType: FLOORS,
    sensor_layout: {
      rows: [
        { index: 0, rowLength: columns },
        { index: 1, rowLength: columns },
      ],
      floors: 2,
      sensors: ids.map((id, i) => {
        const onFloor = i % perFloor;
        return at(id, Math.floor(onFloor / columns), onFloor % columns, Math.floor(i / perFloor));
      }),
    },
    stacks: [],
  });
}

/**
 * A group of windrows (layoutType 1): one row per windrow, its north probe in the first cell and its
 * south probe in the second ("Windrow 4 south"), as the probes are named.
 */
function windrows(station: DemoStation, type: string, capacity: number): DemoStorage {
  const pairs = chunks(demoProbeIds(station), 2);
  return storage(station, {
    name: station.name,
    type,
    capacity,
    layoutType: ROWS,
    sensor_layout: {
      rows: pairs.map((ids, index) => ({ index, rowLength: 2 })),
      floors: 1,
      sensors: pairs.flatMap((ids, row) => ids.map((id, column) => at(id, row, column))),
    },
    stacks: [],
  });
}

const HAY_BARNS: Record<string, { type: string; capacity: number }> = {
  F1000001: { type: 'Round bales', capacity: 320 },
  F1000002: { type: 'Small square bales', capacity: 900 },
  F1000003: { type: 'Round bales, wrapped', capacity: 240 },
};

/** The storages a demo account starts with: a farm that looks lived in on the first start. */
export function demoStorages(account: DemoAccount): DemoStorage[] {
  return account.stations.flatMap((s): DemoStorage[] => {
    switch (s.material) {
      case 'hay': {
        const barn = HAY_BARNS[s.id] ?? { type: 'Round bales', capacity: 300 };
        return [hayBarn(s, s.name, barn.type, barn.capacity)];
      }
      case 'grain':
        if (s.id === 'F2000003') return [flatStore(s, s.name, 'Wheat, flat storage', 800)];
        return grainBins(
          s,
          // "Bin row A" numbers its bins A1, A2 …; a station not named after a row, 1, 2 ….
          /[A-Z]$/.test(s.name) ? s.name.slice(-1) : '',
          s.id === 'F2000001' ? 'Corn, hopper-bottom bin' : 'Soybeans, flat-bottom bin',
          s.id === 'F2000001' ? 250 : 400,
        );
      case 'compost':
        return [
          windrows(s, s.id === 'F3000001' ? 'Green waste windrows' : 'Food waste windrows', s.probes * 40),
        ];
    }
  });
}
