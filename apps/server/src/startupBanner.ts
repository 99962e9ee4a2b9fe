import type { DemoAccount } from './features/demo/demoAccounts.js';

export interface StartupBannerInput {
  /** Where a browser on this machine reaches the server. */
  url: string;
  /** The address the server listens on (HOST). */
  host: string;
  store: string;
  /** The demo accounts to list (none when the demo is not seeded), and their shared password. */
  demo: { accounts: readonly DemoAccount[]; password: string } | null;
}

/** Loopback addresses: only programs on this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** What a demo login shows, from the account itself, so the list cannot drift from the seed. */
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
 * What the server prints once it listens: the URL, who can reach it and, with the demo seeded, the
 * demo logins — the only place they are printed (`npm start` adds the simulator's state, not a
 * second list).
 */
export function startupBanner(i: StartupBannerInput): string {
  const reach = isLoopbackHost(i.host)
    ? 'this computer only; HOST=0.0.0.0 serves the network'
    : `listening on ${i.host}`;
  const lines = ['', `Emberwatch is running at ${i.url}  (${reach}; store: ${i.store})`];
  if (i.demo) {
    lines.push(`Demo logins (password for all: ${i.demo.password}):`);
    for (const a of i.demo.accounts)
      lines.push(`  ${a.username.padEnd(30)} ${demoAccountRole(a, i.demo.accounts)}`);
  }
  lines.push('');
  return lines.join('\n') + '\n';
}
