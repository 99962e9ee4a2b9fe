import { FanControllerSimulator } from './FanControllerSimulator.js';

/**
 * A fan controller on the command line, for trying the protocol against a running server:
 *
 *   npx tsx apps/simulator/src/fanControllerMain.ts --url http://127.0.0.1:8080 \
 *     --id FC-DEMO-1 --secret <the secret registerRC12 answered> [--channels 1]
 *
 * It prints each channel's output whenever it changes. Ctrl-C stops it.
 */
function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : fallback;
  if (value === undefined) {
    process.stderr.write(`fan controller: --${name} is required\n`);
    process.exit(2);
  }
  return value;
}

const fc = new FanControllerSimulator({
  url: arg('url', 'http://127.0.0.1:8080'),
  fcId: arg('id'),
  secret: arg('secret'),
  channels: Number(arg('channels', '1')),
  firmware: 'sim-1',
});
const stop = new AbortController();
process.on('SIGINT', () => stop.abort());
let last = '';
await fc.run(stop.signal, (outcome) => {
  const now = `${outcome}${fc.offline ? ' (offline rule)' : ''} ${fc.outputs
    .map((o) => `ch${o.channel}=${o.mode}:${o.drive ? 'ON' : 'off'}@${o.rev ?? '-'}`)
    .join(' ')}`;
  if (now !== last) process.stdout.write(`${new Date().toISOString()} ${now}\n`);
  last = now;
  if (outcome === 'unauthorized') stop.abort();
});
