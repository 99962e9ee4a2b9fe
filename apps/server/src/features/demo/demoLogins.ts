import { DEMO_PAYMENTS_ACCOUNT } from '../payments/index.js';
import { DEMO_ACCOUNTS, type DemoAccount } from './demoAccounts.js';

/** A demo login as the startup banner lists it: who to log in as, and what that account shows. */
export interface DemoLogin {
  username: string;
  role: string;
}

/** What a demo account shows, from the account itself, so the list cannot drift from the seed. */
export function demoAccountRole(account: DemoAccount, accounts: readonly DemoAccount[]): string {
  const name = (username: string) => {
    const a = accounts.find((x) => x.username === username);
    return a ? `${a.firstname} ${a.lastname}` : username;
  };
  if (account.admin) return account.admin.group === 0 ? 'root admin' : 'admin';
  if (account.master)
    return `master user authorised by ${account.master.authorizedBy.map(name).join(' and ')}`;
  if (account.mainUser) return `sub-user of ${name(account.mainUser)}`;
  return `${account.firstname} ${account.lastname}`;
}

/**
 * Every login seedDemo creates: the demo accounts and the payments feature's card-paying farm, which
 * that feature seeds itself (seedDemoPayments.ts). A feature that seeds another demo login adds it
 * here; the banner test compares this list with the users a seeded store holds.
 */
export function demoLogins(): DemoLogin[] {
  const p = DEMO_PAYMENTS_ACCOUNT;
  return [
    ...DEMO_ACCOUNTS.map((a) => ({ username: a.username, role: demoAccountRole(a, DEMO_ACCOUNTS) })),
    {
      username: p.username,
      role: `${p.firstname} ${p.lastname}: plan and SIM run out soon, renew them by card`,
    },
  ];
}
