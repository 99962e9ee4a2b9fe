import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NGINX_EXAMPLE, exampleTestSite, testNginxConf, testSite } from '../lib/nginxSite.mjs';

// The several-instances test runs the repository's nginx example with only ports, listen address and
// TLS changed (decision 0137); an example it no longer understands must stop it, not be half-tested.
describe('the nginx example as the several-instances test runs it', () => {
  it('keeps the example and changes only the ports, the listen address and TLS', () => {
    const site = exampleTestSite({ upstreamPorts: [7001, 7002, 7003], listenPort: 7000 });
    expect(site).toContain('server 127.0.0.1:7001 max_fails=2 fail_timeout=5s;');
    expect(site).toContain('server 127.0.0.1:7003 max_fails=2 fail_timeout=5s;');
    expect(site).toContain('listen 127.0.0.1:7000;');
    expect(site).not.toMatch(/ssl|listen 80|listen \[::\]|808\d/);
    for (const kept of [
      'least_conn;',
      'proxy_set_header Upgrade $http_upgrade;',
      'proxy_next_upstream',
      'proxy_read_timeout',
    ])
      expect(site).toContain(kept);
  });

  it('refuses an example whose lines it expects are gone', () => {
    const example = readFileSync(NGINX_EXAMPLE, 'utf8');
    expect(() =>
      testSite(example.replace('listen 443 ssl http2;', 'listen 443 ssl;'), {
        upstreamPorts: [1, 2, 3],
        listenPort: 4,
      }),
    ).toThrow(/listen 443 ssl http2/);
    expect(() => testSite(example, { upstreamPorts: [1, 2], listenPort: 4 })).toThrow(/expected 2/);
  });

  it('writes every file under the prefix and keeps root workers root', () => {
    const conf = testNginxConf({ prefix: '/tmp/x', site: 'server {}', runAsRoot: true });
    expect(conf).toContain('user root;');
    expect(conf).toContain('pid /tmp/x/nginx.pid;');
    expect(testNginxConf({ prefix: '/tmp/x', site: '', runAsRoot: false })).not.toContain('user ');
  });
});
