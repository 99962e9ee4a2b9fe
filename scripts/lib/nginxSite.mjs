// The repository's nginx example (deploy/nginx/emberwatch.conf) turned into a configuration a test can
// run as an ordinary user: the same upstream, map and location, with the instances' and nginx's own
// ports on loopback, no TLS (no certificate here) and every file under a temporary prefix. Each change
// names the line it expects, so an edit of the example that the test no longer covers fails loudly
// instead of testing something else (decision 0137).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const NGINX_EXAMPLE = path.join(import.meta.dirname, '../../deploy/nginx/emberwatch.conf');

/** Replaces `pattern` in `text`, throwing when it matches `expected` times not exactly. */
function replaceExactly(text, pattern, replacement, what, expected = 1) {
  const found = text.match(
    new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`),
  );
  const count = found ? found.length : 0;
  if (count !== expected)
    throw new Error(`deploy/nginx/emberwatch.conf: expected ${expected} × ${what}, found ${count}`);
  return text.replace(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`), replacement);
}

/**
 * The example's site for `upstreamPorts` (in its order) behind 127.0.0.1:`listenPort`. What changes:
 * the three `server 127.0.0.1:808x` lines get the given ports; the port-80 redirect server goes; the
 * HTTPS server listens on loopback without `ssl`/`http2` and without its certificate lines.
 * `X-Forwarded-Proto` then says `http`, which is what the browser used.
 */
export function testSite(example, { upstreamPorts, listenPort }) {
  let site = example;
  let i = 0;
  site = replaceExactly(
    site,
    /server 127\.0\.0\.1:808\d( [^;]*);/,
    (_, rest) => `server 127.0.0.1:${upstreamPorts[i++]}${rest};`,
    'an upstream `server 127.0.0.1:808x …;` line',
    upstreamPorts.length,
  );
  site = replaceExactly(
    site,
    /server \{\n(?:(?!\n\}).)*?listen 80;(?:.|\n)*?\n\}\n/s,
    '',
    'the port-80 redirect server',
  );
  site = replaceExactly(
    site,
    /listen 443 ssl http2;/,
    `listen 127.0.0.1:${listenPort};`,
    '`listen 443 ssl http2;`',
  );
  site = replaceExactly(site, /\n\s*listen \[::\]:443 ssl http2;/, '', '`listen [::]:443 ssl http2;`');
  site = replaceExactly(site, /\n\s*ssl_[a-z_]+ [^;]*;/, '', 'the `ssl_*` lines', 4);
  return site;
}

/**
 * The whole nginx.conf for a prefix directory: no daemon, logs and temporary files under the prefix,
 * the site inline. As root, the workers stay root (nginx would switch them to `nobody`, who cannot read
 * the prefix); as anyone else nginx cannot switch users and runs as the caller.
 */
export function testNginxConf({ prefix, site, runAsRoot }) {
  const at = (name) => path.join(prefix, name);
  return [
    'daemon off;',
    'worker_processes 1;',
    ...(runAsRoot ? ['user root;'] : []),
    `pid ${at('nginx.pid')};`,
    `error_log ${at('error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    // When nginx sent each request and to which instance(s): how a test sees an instance take traffic.
    "    log_format upstreams '$msec $upstream_addr $status $request_method $uri';",
    `    access_log ${at('access.log')} upstreams;`,
    `    client_body_temp_path ${at('client_body')};`,
    `    proxy_temp_path ${at('proxy')};`,
    `    fastcgi_temp_path ${at('fastcgi')};`,
    `    uwsgi_temp_path ${at('uwsgi')};`,
    `    scgi_temp_path ${at('scgi')};`,
    site,
    '}',
    '',
  ].join('\n');
}

/** testSite of the repository's example file. */
export function exampleTestSite(options) {
  return testSite(readFileSync(NGINX_EXAMPLE, 'utf8'), options);
}
