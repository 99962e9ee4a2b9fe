import { describe, expect, it } from 'vitest';
import {
  addressRefusal,
  checkTargetUrl,
  classifyAddress,
  resolveTarget,
  TargetRefused,
  type AddressClass,
  type ResolvedAddress,
} from '../src/features/sentinel/ssrfGuard.js';

const STRICT = { allowPrivate: false };
const OPERATOR = { allowPrivate: true };

/** Decision 0046: what the Sentinel webhook may reach. */
describe('the Sentinel SSRF guard', () => {
  const addresses: [string, AddressClass][] = [
    // IPv4
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['172.15.255.255', 'public'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.63.255.255', 'public'],
    ['100.128.0.1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['198.18.0.1', 'private'],
    // IPv6
    ['2606:4700:4700::1111', 'public'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['febf::1', 'linkLocal'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['[::1]', 'loopback'],
    // IPv4 inside IPv6: judged as the IPv4 address they reach.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b:1::1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['2002:0808:0808::1', 'public'],
    ['::127.0.0.1', 'reserved'],
    ['100::1', 'reserved'],
    // Not addresses
    ['example.com', 'invalid'],
    ['1.2.3', 'invalid'],
    ['1.2.3.256', 'invalid'],
    ['1::2::3', 'invalid'],
    ['12345::1', 'invalid'],
    ['', 'invalid'],
  ];
  it.each(addresses)('classifies %s as %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  const operatorAllows: [string, boolean][] = [
    ['127.0.0.1', true],
    ['10.0.0.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::1', true],
    // Never a sensible unicast target, whatever the operator says.
    ['0.0.0.0', false],
    ['::', false],
    ['224.0.0.1', false],
    ['ff02::1', false],
    ['255.255.255.255', false],
  ];
  it.each(operatorAllows)('SENTINEL_ALLOW_PRIVATE=1 allows %s: %s', (address, allowed) => {
    expect(addressRefusal(address, STRICT)).not.toBeNull();
    expect(addressRefusal(address, OPERATOR) === null).toBe(allowed);
  });

  it('says why it refuses', () => {
    expect(addressRefusal('169.254.169.254', STRICT)).toBe('169.254.169.254 is a link-local address');
    expect(addressRefusal('8.8.8.8', STRICT)).toBeNull();
  });

  const urls: [string, boolean, string | null][] = [
    ['https://alarms.example.com/hook', true, null],
    ['http://alarms.example.com:8080/hook?site=1', true, null],
    ['https://93.184.216.34/hook', true, null],
    ['ftp://alarms.example.com/', false, 'ftp URLs are not allowed, only http and https'],
    ['file:///etc/passwd', false, 'file URLs are not allowed, only http and https'],
    ['gopher://127.0.0.1:25/', false, 'gopher URLs are not allowed, only http and https'],
    ['javascript:alert(1)', false, 'javascript URLs are not allowed, only http and https'],
    ['not a url', false, 'not a valid URL'],
    ['https://user:pass@alarms.example.com/', false, 'credentials in the URL are not allowed'],
    ['http://127.0.0.1/', false, '127.0.0.1 is a loopback address'],
    ['http://[::1]:8080/', false, '::1 is a loopback address'],
    ['http://[::ffff:169.254.169.254]/', false, '::ffff:a9fe:a9fe is a link-local address'],
    // Other spellings of an address, which the URL parser normalises before the check.
    ['http://2130706433/', false, '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/', false, '127.0.0.1 is a loopback address'],
    ['http://0177.0.0.1/', false, '127.0.0.1 is a loopback address'],
    ['http://10.1/', false, '10.0.0.1 is a private address'],
    ['http://0/', false, '0.0.0.0 is the unspecified address'],
    ['http://localhost:3000/', false, 'localhost is a loopback address'],
    ['http://alarm.localhost/', false, 'alarm.localhost is a loopback address'],
  ];
  it.each(urls)('checks the URL %s: %s', (url, ok, reason) => {
    const res = checkTargetUrl(url, STRICT);
    expect(res.ok).toBe(ok);
    if (!res.ok) expect(res.reason).toBe(reason);
  });

  it('lets an operator reach its own network, but never another scheme', () => {
    expect(checkTargetUrl('http://127.0.0.1:9000/', OPERATOR).ok).toBe(true);
    expect(checkTargetUrl('http://localhost:9000/', OPERATOR).ok).toBe(true);
    expect(checkTargetUrl('ftp://127.0.0.1/', OPERATOR).ok).toBe(false);
  });

  const resolver =
    (answers: Record<string, string[]>) =>
    (host: string): Promise<ResolvedAddress[]> =>
      Promise.resolve(
        (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );

  it('checks every address a name resolves to, and refuses the target if any is refused', async () => {
    const resolve = resolver({
      'public.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
      'mixed.example': ['93.184.216.34', '10.0.0.7'],
      'metadata.example': ['169.254.169.254'],
      'v6.example': ['fd00::5'],
    });
    const url = (host: string) => new URL(`https://${host}/hook`);
    await expect(resolveTarget(url('public.example'), { ...STRICT, resolve })).resolves.toHaveLength(2);
    await expect(resolveTarget(url('mixed.example'), { ...STRICT, resolve })).rejects.toThrow(
      'mixed.example resolves to 10.0.0.7 is a private address',
    );
    await expect(resolveTarget(url('metadata.example'), { ...STRICT, resolve })).rejects.toBeInstanceOf(
      TargetRefused,
    );
    await expect(resolveTarget(url('v6.example'), { ...STRICT, resolve })).rejects.toBeInstanceOf(
      TargetRefused,
    );
    await expect(resolveTarget(url('v6.example'), { ...OPERATOR, resolve })).resolves.toEqual([
      { address: 'fd00::5', family: 6 },
    ]);
    // No address: a network failure (retried), not a refusal.
    const none = resolveTarget(url('nothing.example'), { ...STRICT, resolve });
    await expect(none).rejects.toThrow('nothing.example has no address');
    await expect(none).rejects.not.toBeInstanceOf(TargetRefused);
  });

  it('connects to an IP literal as it is, without asking a resolver', async () => {
    const resolve = () => Promise.reject(new Error('must not be asked'));
    await expect(resolveTarget(new URL('http://93.184.216.34/'), { ...STRICT, resolve })).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
    await expect(resolveTarget(new URL('http://[fe80::1]/'), { ...STRICT, resolve })).rejects.toBeInstanceOf(
      TargetRefused,
    );
  });
});
