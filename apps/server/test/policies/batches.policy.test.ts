import { describe, expect, it } from 'vitest';
import type { Plan } from '@emberwatch/shared/contracts/users';
import { SEGMENT_WASTE } from '@emberwatch/shared/domain/roles';
import {
  batchesOfAccountVisible,
  mayChangeBatch,
  mayOpenBatches,
  mayTouchBatch,
  mayUseBatchScope,
  mayUseStation,
  type BatchScope,
} from '../../src/features/batches/batches.policy.js';
import { cell, ROWS, tableOf } from './rows.js';

const NOT_FOR_YOU = '403 Batches are for compost supervisors.';
const compost: Plan[] = [{ planName: 'Supervisor', segment: SEGMENT_WASTE, expired: false } as Plan];
const grain: Plan[] = [{ planName: 'Supervisor', segment: 13, expired: false } as Plan];

/** Spec doc 3 §6 (batches for compost supervisors or admins, not for Gari or hay-app users); decision 0049. */
describe('the batches policy', () => {
  // The scope is asked first: another account (and the visitor naming it) never gets this far.
  it('lets each role make each change, or says why not', () => {
    const LOOK = '403 A master account can view these batches but not change them.';
    expect(
      tableOf((w) => [
        cell(mayChangeBatch(w, 'editBatch')),
        cell(mayChangeBatch(w, 'recordTurning')),
        cell(mayChangeBatch(w, 'archiveBatch')),
        cell(mayChangeBatch(w, 'editBatchDefaults')),
      ]),
    ).toEqual({
      owner: ['yes', 'yes', 'yes', 'yes'],
      subUser: [
        'yes',
        'yes',
        '403 Only the account owner can archive batches.',
        '403 Only the account owner can change the batch defaults.',
      ],
      master: [LOOK, LOOK, LOOK, LOOK],
      grandMaster: ['yes', 'yes', 'yes', 'yes'],
      masterItself: [LOOK, LOOK, LOOK, LOOK],
      root: ['yes', 'yes', 'yes', 'yes'],
      admin: ['yes', 'yes', 'yes', 'yes'],
      tech: ['yes', 'yes', 'yes', 'yes'],
      sales: ['yes', 'yes', 'yes', 'yes'],
      visitor: ['yes', 'yes', 'yes', 'yes'],
      otherAccount: ['yes', 'yes', 'yes', 'yes'],
    });
  });

  it('shows a compost supervisor’s batches to whoever sees the account, any account’s to staff', () => {
    expect(
      tableOf((w) => [
        batchesOfAccountVisible(w, { partnerApp: null, plans: compost }),
        batchesOfAccountVisible(w, { partnerApp: null, plans: grain }),
        batchesOfAccountVisible(w, { partnerApp: 'gari', plans: compost }),
      ]),
    ).toEqual({
      owner: [true, false, false],
      subUser: [true, false, false],
      master: [true, false, false],
      grandMaster: [true, false, false],
      masterItself: [true, false, false],
      root: [true, true, true],
      admin: [true, true, true],
      tech: [true, true, true],
      sales: [true, true, true],
      visitor: [true, false, false],
      otherAccount: [true, false, false],
    });
  });

  it('keeps partner-app users out, staff never', () => {
    expect(cell(mayOpenBatches(ROWS.owner, { partnerApp: 'haytech' }))).toBe(NOT_FOR_YOU);
    expect(mayOpenBatches(ROWS.owner, { partnerApp: null })).toBe(true);
    expect(mayOpenBatches(ROWS.admin, { partnerApp: 'gari' })).toBe(true);
  });

  it('refuses an empty scope unless it is a supervisor’s own account without stations yet', () => {
    const empty = { stations: 0, named: false, seen: 0 };
    expect(mayUseBatchScope(ROWS.owner, { ...empty, stations: 2 })).toBe(true);
    expect(cell(mayUseBatchScope(ROWS.master, { ...empty, named: true }))).toBe(NOT_FOR_YOU);
    expect(cell(mayUseBatchScope(ROWS.owner, { ...empty, seen: 1 }))).toBe(NOT_FOR_YOU);
    expect(mayUseBatchScope(ROWS.owner, { ...empty, ownAccount: { plans: compost } })).toBe(true);
    expect(cell(mayUseBatchScope(ROWS.owner, { ...empty, ownAccount: { plans: grain } }))).toBe(NOT_FOR_YOU);
    expect(cell(mayUseBatchScope(ROWS.owner, empty))).toBe(NOT_FOR_YOU);
    expect(mayUseBatchScope(ROWS.tech, { ...empty, named: true, seen: 3 })).toBe(true);
  });

  it('answers a batch or station outside the scope like one that does not exist', () => {
    const scope: BatchScope = { stations: new Map([['F1', { ownerId: 10, name: null }]]) };
    expect(mayTouchBatch(scope, { bs_id: 'F1' })).toBe(true);
    expect(cell(mayTouchBatch(scope, { bs_id: 'F2' }))).toBe('403 You do not have access to this batch.');
    expect(cell(mayTouchBatch(scope, undefined))).toBe('403 You do not have access to this batch.');
    expect(mayUseStation(scope, 'F1')).toBe(true);
    expect(cell(mayUseStation(scope, 'F2'))).toBe('403 You do not have access to this base station.');
  });
});
