import { describe, expect, it } from 'vitest';
import { whoIs, type Actor } from '../../src/http/access/index.js';
import { ROWS } from './rows.js';

const ACCOUNT = 10;

/** An actor as AccessService.actorFor makes it, from the user's stored flags. */
function actor(user: Partial<Actor['user']> & { id: number }, accountIds: number[] = []): Actor {
  const u = {
    main_user_id: null,
    master: 0,
    grand_master: 0,
    admin: 0,
    admin_group: null,
    demo: 0,
    ...user,
  } as Actor['user'];
  const accountId = u.main_user_id ?? u.id;
  return { user: u, accountId, accountIds: [accountId, ...accountIds], isAdmin: u.admin === 1 };
}

/** The rows of the policy tables are what whoIs makes of real users: the tables test real callers. */
describe('how a caller stands to an account (whoIs)', () => {
  const cases: [keyof typeof ROWS, Actor][] = [
    ['owner', actor({ id: ACCOUNT })],
    ['subUser', actor({ id: 11, main_user_id: ACCOUNT })],
    ['master', actor({ id: 30, master: 1 }, [ACCOUNT])],
    ['grandMaster', actor({ id: 30, master: 1, grand_master: 1 }, [ACCOUNT])],
    ['masterItself', actor({ id: ACCOUNT, master: 1 })],
    ['root', actor({ id: 1, admin: 1, admin_group: 0 })],
    ['admin', actor({ id: 1, admin: 1, admin_group: 1 })],
    ['tech', actor({ id: 1, admin: 1, admin_group: 2 })],
    ['sales', actor({ id: 1, admin: 1, admin_group: 3 })],
    ['visitor', actor({ id: ACCOUNT, demo: 1 })],
    ['otherAccount', actor({ id: 20 })],
  ];
  it.each(cases)('%s', (row, a) => {
    expect(whoIs(a, ACCOUNT)).toEqual(ROWS[row]);
  });

  it('makes an admin without a stored level an Admin, not Root', () => {
    expect(whoIs(actor({ id: 1, admin: 1 }), ACCOUNT).staff).toBe('admin');
  });

  it('makes a master the account did not authorise, or a grand flag without the master flag, a stranger', () => {
    expect(whoIs(actor({ id: 30, master: 1, grand_master: 1 }), ACCOUNT)).toMatchObject({
      relation: 'stranger',
      grandMaster: true,
    });
    expect(whoIs(actor({ id: 31, grand_master: 1 }, [ACCOUNT]), ACCOUNT)).toMatchObject({
      relation: 'stranger',
      master: false,
    });
  });

  it('makes a sub-user of another account a stranger, who is still a sub-user', () => {
    expect(whoIs(actor({ id: 21, main_user_id: 20 }), ACCOUNT)).toEqual({
      ...ROWS.otherAccount,
      subUser: true,
    });
  });
});
