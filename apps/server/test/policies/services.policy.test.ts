import { describe, expect, it } from 'vitest';
import { mayOrderServices } from '../../src/features/services/services.policy.js';
import { cell, tableOf } from './rows.js';

const OWNERS = '403 Only the account owner orders services.';

/** Decision 0108: extra services are ordered by the account's owner, or by staff for it. */
describe('the services policy', () => {
  it('lets the owner and staff order extra services, no one else', () => {
    expect(tableOf((w) => [cell(mayOrderServices(w))])).toEqual({
      owner: ['yes'],
      subUser: [OWNERS],
      master: [OWNERS],
      grandMaster: [OWNERS],
      masterItself: [OWNERS],
      root: ['yes'],
      admin: ['yes'],
      tech: ['yes'],
      sales: ['yes'],
      visitor: [OWNERS],
      otherAccount: [OWNERS],
    });
  });
});
