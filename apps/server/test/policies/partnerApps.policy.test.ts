import { describe, expect, it } from 'vitest';
import {
  mayActivateUnderHaytechApp,
  NOT_HAY_APP,
  NOT_HAY_APP_ACCOUNT,
} from '../../src/features/partner-apps/partnerApps.policy.js';
import { cell, tableOf } from './rows.js';

const NO = `403 ${NOT_HAY_APP}`;
const NOT_HAY_ACCOUNT = `400 ${NOT_HAY_APP_ACCOUNT}`;
const CHOOSE = '400 Choose the account the kit is activated for.';

/** Decision 0117: the Haytech app's activations are a hay-app account's door; staff name such an account. */
describe('the partner-apps policy', () => {
  it('lets a hay-app account through, staff only when they name one', () => {
    const row = (w: Parameters<typeof mayActivateUnderHaytechApp>[0]) => [
      cell(mayActivateUnderHaytechApp(w, { partnerApp: 'haytech' }, false)),
      cell(mayActivateUnderHaytechApp(w, { partnerApp: 'haytech' }, true)),
      cell(mayActivateUnderHaytechApp(w, { partnerApp: 'gari' }, true)),
      cell(mayActivateUnderHaytechApp(w, { partnerApp: null }, false)),
    ];
    // The owner's sub-users and masters pass here; the activation feature then lets only the owner claim.
    const people = ['yes', 'yes', NO, NO];
    const staff = [CHOOSE, 'yes', NOT_HAY_ACCOUNT, CHOOSE];
    expect(tableOf(row)).toEqual({
      owner: people,
      subUser: people,
      master: people,
      grandMaster: people,
      masterItself: people,
      root: staff,
      admin: staff,
      tech: staff,
      sales: staff,
      visitor: people,
      otherAccount: people,
    });
  });
});
