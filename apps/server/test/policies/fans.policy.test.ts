import { describe, expect, it } from 'vitest';
import { mayChangeFan } from '../../src/features/fans/fans.policy.js';
import { cell, tableOf } from './rows.js';

const LOOK = '403 You may look at these fans but not switch them.';
const ASSIGN = '403 Only the account owner can assign fan controllers.';

/** Decision 0037: sub-users switch fans, the owner wires them; masters who are not grand masters look. */
describe('the fans policy', () => {
  // Whether the caller sees the controller's account is asked first: another account never gets here.
  it('lets each role drive and assign fans, or says why not', () => {
    expect(tableOf((w) => [cell(mayChangeFan(w, 'driveFan')), cell(mayChangeFan(w, 'assignFan'))])).toEqual({
      owner: ['yes', 'yes'],
      subUser: ['yes', ASSIGN],
      master: [LOOK, ASSIGN],
      grandMaster: ['yes', 'yes'],
      masterItself: [LOOK, ASSIGN],
      root: ['yes', 'yes'],
      admin: ['yes', 'yes'],
      tech: ['yes', 'yes'],
      sales: ['yes', 'yes'],
      visitor: ['yes', 'yes'],
      otherAccount: ['yes', 'yes'],
    });
  });
});
