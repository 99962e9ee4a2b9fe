import { describe, expect, it } from 'vitest';
import { maySentinel, sentinelRights } from '../../src/features/sentinel/sentinel.policy.js';
import { cell, ROWS, tableOf } from './rows.js';

/** Decision 0046; spec doc 3 §6 (the test hidden from read-only masters, grand masters do all). */
describe('who may use an account’s Sentinel target', () => {
  it('gives each role its rights', () => {
    //                         read   rotate test   set    configure seeSecret
    const r = (
      read: boolean,
      rotate: boolean,
      test: boolean,
      set: boolean,
      configure: boolean,
      seeSecret: boolean,
    ) => ({
      read,
      rotate,
      test,
      set,
      configure,
      seeSecret,
    });
    const staff = r(true, true, true, true, true, false);
    expect(tableOf(sentinelRights)).toEqual({
      owner: r(true, true, true, false, true, true),
      subUser: r(false, false, true, false, false, false),
      master: r(false, false, false, false, false, false),
      grandMaster: r(false, false, true, false, false, false),
      masterItself: r(true, true, true, false, true, true),
      root: staff,
      admin: staff,
      tech: staff,
      // Setting targets is an operator tool of the fleet's levels (OPERATOR_TOOLS.sentinelTargets).
      sales: r(true, true, true, false, true, false),
      visitor: r(true, true, true, false, true, true),
      otherAccount: r(false, false, false, false, false, false),
    });
  });

  it('refuses with the words of each call, then a sub-user as the account, then the demo’s target', () => {
    const plain = { subUser: false, demo: false };
    const USE = "403 Only the account owner can use the account's Sentinel connection.";
    expect(tableOf((w) => cell(maySentinel(w, 'test', plain)))).toMatchObject({
      owner: 'yes',
      subUser: 'yes',
      master: USE,
      grandMaster: 'yes',
      admin: 'yes',
      otherAccount: USE,
    });
    expect(cell(maySentinel(ROWS.subUser, 'read', plain))).toBe(USE);
    expect(cell(maySentinel(ROWS.owner, 'set', plain))).toBe(
      '403 Only Root, Admin and Tech staff can set Sentinel targets.',
    );
    expect(cell(maySentinel(ROWS.sales, 'set', plain))).toBe(
      '403 Only Root, Admin and Tech staff can set Sentinel targets.',
    );
    expect(cell(maySentinel(ROWS.subUser, 'configure', plain))).toBe(
      "403 Only the account owner can set the account's Sentinel target.",
    );
    // A caller who may ask, naming a sub-user: 400, not a refusal.
    expect(maySentinel(ROWS.admin, 'read', { subUser: true, demo: false })).toEqual({
      status: 400,
      reason: 'A sub-user has no Sentinel target of its own.',
      field: 'UID',
    });
    expect(cell(maySentinel(ROWS.master, 'read', { subUser: true, demo: false }))).toBe(USE);
    // The demo's shared login does not point its alarms anywhere; staff may, and the admin's `set` is not the page's.
    const demo = { subUser: false, demo: true };
    expect(cell(maySentinel(ROWS.visitor, 'configure', demo))).toBe(
      "403 A demo account's Sentinel connection cannot be changed.",
    );
    expect(maySentinel(ROWS.visitor, 'read', demo)).toBe(true);
    expect(maySentinel(ROWS.admin, 'configure', demo)).toBe(true);
    expect(maySentinel(ROWS.tech, 'set', demo)).toBe(true);
  });
});
