import { describe, expect, it } from 'vitest';
import type { StaffLevel } from '../src/domain/operatorTools.js';
import {
  grantableLevels,
  staffChangeRefusal,
  type StaffChange,
  type StaffRefusal,
} from '../src/domain/staff/staffRules.js';

const ME = 1;
const OTHER = 2;

type Row = [
  what: string,
  actor: StaffLevel,
  target: { id: number; level: StaffLevel | null },
  change: StaffChange,
  rootCount: number,
  expected: StaffRefusal | null,
];

describe('who may manage whom among the staff (decision 0099)', () => {
  const rows: Row[] = [
    // Root manages everyone.
    ['Root adds a Root', 'root', { id: OTHER, level: null }, { kind: 'add', to: 'root' }, 1, null],
    ['Root adds an Admin', 'root', { id: OTHER, level: null }, { kind: 'add', to: 'admin' }, 1, null],
    [
      'Root raises Sales to Admin',
      'root',
      { id: OTHER, level: 'sales' },
      { kind: 'set', to: 'admin' },
      1,
      null,
    ],
    ['Root removes an Admin', 'root', { id: OTHER, level: 'admin' }, { kind: 'remove' }, 1, null],
    [
      'Root lowers another Root (two)',
      'root',
      { id: OTHER, level: 'root' },
      { kind: 'set', to: 'tech' },
      2,
      null,
    ],
    ['Root removes another Root (two)', 'root', { id: OTHER, level: 'root' }, { kind: 'remove' }, 2, null],
    [
      'Root lowers itself (two Roots)',
      'root',
      { id: ME, level: 'root' },
      { kind: 'set', to: 'admin' },
      2,
      null,
    ],
    ['Root keeps its own level', 'root', { id: ME, level: 'root' }, { kind: 'set', to: 'root' }, 1, null],
    // The last Root stays.
    [
      'Root lowers itself, the last',
      'root',
      { id: ME, level: 'root' },
      { kind: 'set', to: 'admin' },
      1,
      'lastRoot',
    ],
    ['Root removes itself, the last', 'root', { id: ME, level: 'root' }, { kind: 'remove' }, 1, 'lastRoot'],
    [
      'the last Root removed by… a Root',
      'root',
      { id: OTHER, level: 'root' },
      { kind: 'remove' },
      1,
      'lastRoot',
    ],
    // Admin manages Tech and Sales only.
    ['Admin adds Tech', 'admin', { id: OTHER, level: null }, { kind: 'add', to: 'tech' }, 1, null],
    ['Admin adds Sales', 'admin', { id: OTHER, level: null }, { kind: 'add', to: 'sales' }, 1, null],
    [
      'Admin moves Sales to Tech',
      'admin',
      { id: OTHER, level: 'sales' },
      { kind: 'set', to: 'tech' },
      1,
      null,
    ],
    ['Admin removes Tech', 'admin', { id: OTHER, level: 'tech' }, { kind: 'remove' }, 1, null],
    [
      'Admin adds an Admin',
      'admin',
      { id: OTHER, level: null },
      { kind: 'add', to: 'admin' },
      1,
      'grantsOnlyTechSales',
    ],
    [
      'Admin adds a Root',
      'admin',
      { id: OTHER, level: null },
      { kind: 'add', to: 'root' },
      1,
      'grantsOnlyTechSales',
    ],
    [
      'Admin raises Tech to Admin',
      'admin',
      { id: OTHER, level: 'tech' },
      { kind: 'set', to: 'admin' },
      1,
      'grantsOnlyTechSales',
    ],
    [
      'Admin removes another Admin',
      'admin',
      { id: OTHER, level: 'admin' },
      { kind: 'remove' },
      1,
      'managesOnlyTechSales',
    ],
    [
      'Admin lowers a Root',
      'admin',
      { id: OTHER, level: 'root' },
      { kind: 'set', to: 'sales' },
      2,
      'managesOnlyTechSales',
    ],
    [
      'Admin removes a Root',
      'admin',
      { id: OTHER, level: 'root' },
      { kind: 'remove' },
      2,
      'managesOnlyTechSales',
    ],
    [
      'Admin raises itself to Root',
      'admin',
      { id: ME, level: 'admin' },
      { kind: 'set', to: 'root' },
      1,
      'ownLevelRaise',
    ],
    [
      'Admin lowers itself',
      'admin',
      { id: ME, level: 'admin' },
      { kind: 'set', to: 'tech' },
      1,
      'managesOnlyTechSales',
    ],
    [
      'Admin removes itself',
      'admin',
      { id: ME, level: 'admin' },
      { kind: 'remove' },
      1,
      'managesOnlyTechSales',
    ],
    // Tech and Sales manage nobody, themselves included.
    ['Tech adds Sales', 'tech', { id: OTHER, level: null }, { kind: 'add', to: 'sales' }, 1, 'notManager'],
    ['Tech raises itself', 'tech', { id: ME, level: 'tech' }, { kind: 'set', to: 'root' }, 1, 'notManager'],
    ['Sales removes Tech', 'sales', { id: OTHER, level: 'tech' }, { kind: 'remove' }, 1, 'notManager'],
    [
      'Sales lowers nobody',
      'sales',
      { id: OTHER, level: 'sales' },
      { kind: 'set', to: 'sales' },
      1,
      'notManager',
    ],
  ];

  it.each(rows)('%s', (_what, actor, target, change, rootCount, expected) => {
    expect(staffChangeRefusal({ actor: { id: ME, level: actor }, target, change, rootCount })).toBe(expected);
  });

  it.each([
    ['root', ['root', 'admin', 'tech', 'sales']],
    ['admin', ['tech', 'sales']],
    ['tech', []],
    ['sales', []],
  ] as const)('%s gives %j', (level, levels) => {
    expect(grantableLevels(level)).toEqual(levels);
  });
});
