import type { DemoLogin } from './features/demo/demoLogins.js';

export interface StartupBannerInput {
  /** Where a browser on this machine reaches the server. */
  url: string;
  /** The address the server listens on (HOST). */
  host: string;
  store: string;
  /** Every demo login (none when the demo is not seeded: demoLogins()), and their shared password. */
  demo: { logins: readonly DemoLogin[]; password: string } | null;
}

/** Loopback addresses: only programs on this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
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
    for (const l of i.demo.logins) lines.push(`  ${l.username.padEnd(30)} ${l.role}`);
  }
  lines.push('');
  return lines.join('\n') + '\n';
}
