import type { AddressInfo } from 'node:net';

/** How a URL names the host a stand-in listens on: a wildcard as this machine, IPv6 in brackets. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** The port a server got (the kernel's choice for port 0). */
export function boundPort(address: AddressInfo | string | null, asked: number): number {
  return typeof address === 'object' && address ? address.port : asked;
}

/** http://host:port of a listening HTTP server. */
export function httpBase(server: { address(): AddressInfo | string | null }, host: string, port: number) {
  return `http://${urlHost(host)}:${boundPort(server.address(), port)}`;
}
