import { describe, expect, it } from 'vitest';
import {
  mayChangeProbeProperty,
  mayTransferBetween,
  transfersAnywhere,
} from '../../src/features/probes/probes.policy.js';
import { cell, ROWS, tableOf } from './rows.js';

const INTERVAL = '403 Only admins may change the measurement interval.';
const RECEIVING = '403 Only admins may change the receiving time.';

/** Spec doc 2 §4, §6: the radio timing is staff's and needs the firmware; aux probes keep their names. */
describe('the probes policy', () => {
  it('gives the radio timing to staff only, on firmware that has it', () => {
    const probe = { aux: false, firmware: '3.1' };
    const row = (w: (typeof ROWS)[keyof typeof ROWS]) => [
      cell(mayChangeProbeProperty(w, 'measurementInterval', probe)),
      cell(mayChangeProbeProperty(w, 'receivingTime', probe)),
      transfersAnywhere(w),
    ];
    expect(tableOf(row)).toEqual({
      owner: [INTERVAL, RECEIVING, false],
      subUser: [INTERVAL, RECEIVING, false],
      master: [INTERVAL, RECEIVING, false],
      grandMaster: [INTERVAL, RECEIVING, false],
      masterItself: [INTERVAL, RECEIVING, false],
      root: ['yes', 'yes', true],
      admin: ['yes', 'yes', true],
      tech: ['yes', 'yes', true],
      sales: ['yes', 'yes', true],
      visitor: [INTERVAL, RECEIVING, false],
      otherAccount: [INTERVAL, RECEIVING, false],
    });
    // Staff who are also masters look like masters here (spec doc 2 §6).
    expect(cell(mayChangeProbeProperty({ ...ROWS.admin, master: true }, 'receivingTime', probe))).toBe(
      RECEIVING,
    );
  });

  it('asks for the firmware each setting needs', () => {
    expect(
      mayChangeProbeProperty(ROWS.admin, 'measurementInterval', { aux: false, firmware: '1.9' }),
    ).toEqual({
      status: 400,
      reason: 'The measurement interval needs base-station firmware 2 or later (this one has 1.9).',
      field: 'measurement_interval',
    });
    expect(mayChangeProbeProperty(ROWS.admin, 'measurementInterval', { aux: false, firmware: '2.0' })).toBe(
      true,
    );
    expect(mayChangeProbeProperty(ROWS.admin, 'receivingTime', { aux: false, firmware: null })).toEqual({
      status: 400,
      reason: 'The receiving time needs base-station firmware 3 or later (this one has none).',
      field: 'receiving_time',
    });
  });

  it('keeps aux probes’ names', () => {
    expect(cell(mayChangeProbeProperty(ROWS.owner, 'rename', { aux: true, firmware: null }))).toBe(
      '403 Aux probes cannot be renamed.',
    );
    expect(mayChangeProbeProperty(ROWS.owner, 'rename', { aux: false, firmware: null })).toBe(true);
  });

  it('moves probes between two stations of one account only', () => {
    expect(mayTransferBetween({ stationsOfAccount: 2, sameAccount: true })).toBe(true);
    expect(cell(mayTransferBetween({ stationsOfAccount: 1, sameAccount: true }))).toBe(
      '403 Transferring probes needs more than one base station.',
    );
    expect(cell(mayTransferBetween({ stationsOfAccount: 3, sameAccount: false }))).toBe(
      '403 Probes can only be transferred between stations of the same account.',
    );
  });
});
