import type { AccountInfo } from '@emberwatch/shared/contracts/account';
import { createFakeServer, json, type FakeServer, type FakeServerOptions } from './fakeServer';
import { renderPage, type RenderPageOptions } from './renderPage';

/** A farm's Premium plan as the user info lists it (paid until 2030). */
export const PREMIUM_PLAN = {
  planName: 'Premium' as const,
  planLevel: 2,
  segment: null,
  dueDate: 1_900_000_000,
  expired: false,
};

/**
 * The farm owner the account area's tests are logged in as (Anna Farm Ltd, user 7), as
 * GET /client/accountInfo answers: one confirmed phone, no sub-users, allowed to edit.
 */
export function accountInfo(over: Partial<AccountInfo> = {}): AccountInfo {
  return {
    U_ID: 7,
    username: 'farmer',
    login_U_ID: 7,
    subUser: false,
    firstname: 'Anna',
    lastname: 'Farm Ltd',
    email: 'anna@example.com',
    phone: '+358401234567',
    country: 'fi',
    address: null,
    zip: null,
    city: 'Kauhajoki',
    phones: [{ phoneNumber: '+358401234567', index: 0, confirmed: true }],
    pendingPhone: null,
    subUsers: [],
    subUserCount: 2,
    mayEdit: true,
    mayAddSubUser: true,
    demo: false,
    ...over,
  };
}

export interface AccountServerOptions {
  /** Changes to the owner `accountInfo` answers. */
  account?: Partial<AccountInfo>;
  session?: FakeServerOptions['session'];
  /** The user info (default: the Premium plan; `{}` for the fake server's own, without plans). */
  user?: FakeServerOptions['user'];
}

/**
 * A fake server, logged in, whose GET /client/accountInfo answers the owner above: what every page of
 * the account area reads first. A test adds its own tab's calls with `override` (an override of
 * accountInfo replaces this one, for a test that changes the account).
 */
export function accountPageServer(options: AccountServerOptions = {}): FakeServer {
  const server = createFakeServer({
    loggedIn: true,
    user: options.user ?? { plans: [PREMIUM_PLAN] },
    session: options.session ?? {},
  });
  const account = accountInfo(options.account);
  server.override('GET /client/accountInfo', () => json({ status_code: 0, account }));
  return server;
}

/** The account area's page module, loaded before a test waits for it (pages are lazy). */
export const loadAccountPage = () => import('../../src/features/account/AccountPage');

/**
 * A tab of the account area at `path` (renderPage: the page alone, as the logged-in shell would
 * show it), its module loaded first, talking to `server` or to an `accountPageServer` made from the
 * options. Returns what renderPage does, and the server.
 */
export async function renderAccountPage(
  path: string,
  server: FakeServer | AccountServerOptions = {},
  options: RenderPageOptions = {},
) {
  const fake = 'fetch' in server ? server : accountPageServer(server);
  await loadAccountPage();
  return { ...renderPage(path, fake, options), server: fake };
}
